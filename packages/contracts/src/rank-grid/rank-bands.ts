import type { PointState } from './metrics';

/**
 * The colour bands of a grid point for pictures drawn outside the map (the shared page's
 * heatmap, the server-rendered GIF), with the same colours as the scan view's map
 * (web `features/rank-grid/rank-bands.ts`): green for the local
 * pack, yellow-green for the first page, orange for the rest of the top 20, red for not
 * found, grey for a point that says nothing (error or not searched). The colour is never the
 * only cue: each cell also carries its label, and pictures come with a data table.
 * Text colours are chosen for at least 4.5:1 contrast on their band.
 */

export type RankBand = 'top3' | 'top10' | 'top19' | 'beyond' | 'none';

export const RANK_BANDS: Record<RankBand, { fill: string; text: string; label: string }> = {
  top3: { fill: '#1b7f3a', text: '#ffffff', label: 'Ranks 1–3' },
  top10: { fill: '#a3cf3e', text: '#1a1a1a', label: 'Ranks 4–10' },
  top19: { fill: '#f59f00', text: '#1a1a1a', label: 'Ranks 11–19' },
  beyond: { fill: '#c92a2a', text: '#ffffff', label: 'Rank 20 or not in the top 20' },
  none: { fill: '#ced4da', text: '#1a1a1a', label: 'Not measured (failed or waiting)' },
};

export function rankBandOf(state: PointState, rank: number | null): RankBand {
  if (state === 'not_found') return 'beyond';
  if (state !== 'found' || rank === null) return 'none';
  if (rank <= 3) return 'top3';
  if (rank <= 10) return 'top10';
  if (rank <= 19) return 'top19';
  return 'beyond';
}

/** The short text written in a cell: the rank, "20+" for not found, "!" failed, "–" not yet. */
export function rankCellLabel(state: PointState, rank: number | null): string {
  if (state === 'found' && rank !== null) return String(rank);
  if (state === 'not_found') return '20+';
  if (state === 'error') return '!';
  return '–';
}
