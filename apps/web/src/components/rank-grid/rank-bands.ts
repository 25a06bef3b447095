import {
  MAX_RANK,
  type PointState,
  RANK_BANDS,
  type RankBand,
  rankBandOf,
  rankCellLabel,
} from '@pinpoint/contracts';

/**
 * How a grid point is coloured on the map, in the PNG and in the legend: the contracts' one
 * band table (the shared page and the server-drawn GIF use it too), plus switched-off points,
 * which only the scan screens show.
 */
export type { RankBand };

export interface BandStyle {
  fill: string;
  text: string;
  label: string;
}

export const BAND_STYLES: Record<RankBand, BandStyle> = {
  ...RANK_BANDS,
  none: { ...RANK_BANDS.none, label: 'Not measured (failed, waiting or off)' },
};

export const BAND_ORDER: RankBand[] = ['top3', 'top10', 'top19', 'beyond', 'none'];

export interface BandPoint {
  state: PointState;
  rank: number | null;
  enabled?: boolean;
}

export function rankBand(point: BandPoint): RankBand {
  return point.enabled === false ? 'none' : rankBandOf(point.state, point.rank);
}

/** What is written inside a pin: the rank, "20+" when not found, a dash when unmeasured. */
export function pinText(point: BandPoint): string {
  return point.enabled === false ? 'off' : rankCellLabel(point.state, point.rank);
}

/** The pin's spoken description, e.g. "Point 4 (row 2, column 1): rank 3". */
export function pointDescription(point: BandPoint & { index: number }, size: number): string {
  const place = gridPlace(point.index, size);
  const where = place ? ` (row ${place.row + 1}, column ${place.col + 1})` : '';
  return `Point ${point.index + 1}${where}: ${pointStatusText(point)}`;
}

export function pointStatusText(point: BandPoint): string {
  if (point.enabled === false) return 'switched off';
  if (point.state === 'found' && point.rank !== null) return `rank ${point.rank}`;
  if (point.state === 'not_found') return `not in the top ${MAX_RANK}`;
  if (point.state === 'error') return 'search failed';
  return 'not searched yet';
}

/** Row and column (from 0, row 0 north, col 0 west) of a square grid's point. */
export function gridPlace(index: number, size: number): { row: number; col: number } | null {
  if (index < 0 || index >= size * size) return null;
  return { row: Math.floor(index / size), col: index % size };
}
