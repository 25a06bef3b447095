import { z } from 'zod';

/**
 * The metrics of one rank grid scan (DECISIONS.md "Rank grids"). Pure functions over the
 * outcome of each point, so the scan writer, the seed, the alerts and the screens all count
 * the same way.
 *
 * - A point's state is `found` (our business is in the local results, at rank 1–20),
 *   `not_found` (the search answered and we are not in it), `error` (the search failed) or
 *   `unmeasured` (not searched yet). Only found and not_found are measured: an error or a
 *   point still waiting says nothing about visibility, so it is left out of every average
 *   rather than counted as a miss.
 * - n = measured points; ARP = mean rank over found points; ATRP = mean over measured points
 *   with not_found counted as 21; SoLV = 100 × (points ranked 1–3) / n; found-in = found points.
 *   A metric with nothing to stand on is null (never 0 or NaN), so screens can say "no data".
 * - Values are exact; rounding is for display.
 */

export const POINT_STATES = ['found', 'not_found', 'error', 'unmeasured'] as const;
export const pointStateSchema = z.enum(POINT_STATES);
export type PointState = z.infer<typeof pointStateSchema>;

export const POINT_STATE_LABELS: Record<PointState, string> = {
  found: 'Found',
  not_found: 'Not in the top 20',
  error: 'Search failed',
  unmeasured: 'Not searched yet',
};

/** Local results are read to this depth; beyond it a business is "not found". */
export const MAX_RANK = 20;
/** The rank ATRP gives a measured point where the business is not found. */
export const NOT_FOUND_RANK = 21;
/** Ranks 1 to 3 are the local pack, the positions SoLV and quadrant coverage count. */
export const TOP_RANK_CUTOFF = 3;

/**
 * What one point of a scan gave. `rank` is set exactly when the state is `found`. `results`
 * are the place ids of the local results at that point, best first (what competitor metrics
 * read); they exist for measured points only.
 */
export const pointOutcomeSchema = z
  .object({
    index: z.number().int().min(0),
    state: pointStateSchema,
    rank: z.number().int().min(1).max(MAX_RANK).nullable(),
    results: z.array(z.string().min(1)).max(MAX_RANK).optional(),
  })
  .superRefine((outcome, ctx) => {
    if ((outcome.state === 'found') !== (outcome.rank !== null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['rank'],
        message: 'A rank is given exactly when the business was found at the point.',
      });
    }
    if (outcome.results && !isMeasured(outcome.state)) {
      ctx.addIssue({
        code: 'custom',
        path: ['results'],
        message: 'Only a point that was searched has results.',
      });
    }
  });
export type PointOutcome = z.infer<typeof pointOutcomeSchema>;

export function isMeasured(state: PointState): boolean {
  return state === 'found' || state === 'not_found';
}

export const scanMetricsSchema = z.object({
  /** Outcomes counted, one per enabled point of the grid. */
  points: z.number().int(),
  /** n: found + not_found. */
  measured: z.number().int(),
  found: z.number().int(),
  notFound: z.number().int(),
  errors: z.number().int(),
  unmeasured: z.number().int(),
  /** Found points ranked 1–3. */
  top3: z.number().int(),
  /** Average rank over found points. */
  arp: z.number().nullable(),
  /** Average total rank over measured points, not_found counted as 21. */
  atrp: z.number().nullable(),
  /** Share of local voice, percent. */
  solv: z.number().nullable(),
  /** Points where the business was found (= found). */
  foundIn: z.number().int(),
});
export type ScanMetrics = z.infer<typeof scanMetricsSchema>;

/** Refuses outcomes that would make the counts lie: a repeated index or a rank out of place. */
function assertConsistent(outcomes: readonly PointOutcome[]): void {
  const seen = new Set<number>();
  for (const outcome of outcomes) {
    if (seen.has(outcome.index)) {
      throw new RangeError(`Point ${outcome.index} has more than one outcome.`);
    }
    seen.add(outcome.index);
    const { rank } = outcome;
    if ((rank !== null) !== (outcome.state === 'found')) {
      throw new RangeError(`Point ${outcome.index}: a rank is given exactly when found.`);
    }
    if (rank !== null && (!Number.isInteger(rank) || rank < 1 || rank > MAX_RANK)) {
      throw new RangeError(`Point ${outcome.index}: rank ${outcome.rank} is not 1 to ${MAX_RANK}.`);
    }
  }
}

/** The rank each measured point gives, with not_found as 21; other points give nothing. */
interface RankSample {
  found: boolean;
  rank: number;
}

/** ARP, ATRP, SoLV and found-in over measured samples (shared by scan and competitor metrics). */
function summarise(samples: readonly RankSample[]) {
  const n = samples.length;
  let found = 0;
  let top3 = 0;
  let foundRankSum = 0;
  let totalRankSum = 0;
  for (const sample of samples) {
    totalRankSum += sample.rank;
    if (!sample.found) continue;
    found += 1;
    foundRankSum += sample.rank;
    if (sample.rank <= TOP_RANK_CUTOFF) top3 += 1;
  }
  return {
    measured: n,
    found,
    top3,
    arp: found > 0 ? foundRankSum / found : null,
    atrp: n > 0 ? totalRankSum / n : null,
    solv: n > 0 ? (100 * top3) / n : null,
    foundIn: found,
  };
}

/** The metrics of a scan from one outcome per enabled point (absent points are not counted). */
export function computeScanMetrics(outcomes: readonly PointOutcome[]): ScanMetrics {
  assertConsistent(outcomes);
  const samples: RankSample[] = [];
  let errors = 0;
  let unmeasured = 0;
  for (const outcome of outcomes) {
    if (outcome.state === 'error') errors += 1;
    else if (outcome.state === 'unmeasured') unmeasured += 1;
    else if (outcome.state === 'found') samples.push({ found: true, rank: outcome.rank ?? 0 });
    else samples.push({ found: false, rank: NOT_FOUND_RANK });
  }
  const summary = summarise(samples);
  return {
    points: outcomes.length,
    ...summary,
    notFound: summary.measured - summary.found,
    errors,
    unmeasured,
  };
}

export const competitorMetricsSchema = z.object({
  placeId: z.string(),
  /** The scan's n: competitors are measured over the same points as the business. */
  measured: z.number().int(),
  foundIn: z.number().int(),
  top3: z.number().int(),
  arp: z.number().nullable(),
  atrp: z.number().nullable(),
  solv: z.number().nullable(),
});
export type CompetitorMetrics = z.infer<typeof competitorMetricsSchema>;

export interface CompetitorOptions {
  /** Place ids that are the business itself (never counted as its own competitor). */
  excludePlaceIds?: Iterable<string>;
}

/**
 * Every place seen in the scan's results, with its ARP, ATRP, SoLV and found-in over the
 * scan's measured points (a place absent from a point's list is "not found" there), best
 * first: by SoLV, then ARP (lower is better, none last), then found-in, then place id so that
 * ties always come out in the same order. Error and unmeasured points are left out, as for the
 * business; a measured point without its result list is refused, since counting it as a miss
 * for every competitor would be a guess.
 */
export function computeCompetitorMetrics(
  outcomes: readonly PointOutcome[],
  options: CompetitorOptions = {},
): CompetitorMetrics[] {
  assertConsistent(outcomes);
  const excluded = new Set(options.excludePlaceIds ?? []);
  const measured = outcomes.filter((outcome) => isMeasured(outcome.state));
  // Each competitor's rank per measured point (by position in `measured`), first listing wins.
  const ranksByPlace = new Map<string, Map<number, number>>();
  measured.forEach((outcome, position) => {
    if (!outcome.results) {
      throw new RangeError(`Point ${outcome.index} was measured but its results are missing.`);
    }
    outcome.results.slice(0, MAX_RANK).forEach((placeId, offset) => {
      if (excluded.has(placeId)) return;
      let ranks = ranksByPlace.get(placeId);
      if (!ranks) {
        ranks = new Map();
        ranksByPlace.set(placeId, ranks);
      }
      if (!ranks.has(position)) ranks.set(position, offset + 1);
    });
  });
  const competitors: CompetitorMetrics[] = [];
  for (const [placeId, ranks] of ranksByPlace) {
    const samples = measured.map((_, position): RankSample => {
      const rank = ranks.get(position);
      return rank === undefined ? { found: false, rank: NOT_FOUND_RANK } : { found: true, rank };
    });
    const { found: _found, ...summary } = summarise(samples);
    competitors.push({ placeId, ...summary });
  }
  return competitors.sort(compareCompetitors);
}

function compareCompetitors(a: CompetitorMetrics, b: CompetitorMetrics): number {
  const solv = (b.solv ?? -1) - (a.solv ?? -1);
  if (solv !== 0) return solv;
  const arp = (a.arp ?? Number.POSITIVE_INFINITY) - (b.arp ?? Number.POSITIVE_INFINITY);
  if (arp !== 0 && !Number.isNaN(arp)) return arp;
  if (b.foundIn !== a.foundIn) return b.foundIn - a.foundIn;
  return a.placeId < b.placeId ? -1 : a.placeId > b.placeId ? 1 : 0;
}

export const DEFAULT_TOP_COMPETITORS = 5;

/** The strongest competitors of a scan (see computeCompetitorMetrics for the order). */
export function topCompetitors(
  outcomes: readonly PointOutcome[],
  options: CompetitorOptions & { limit?: number } = {},
): CompetitorMetrics[] {
  return computeCompetitorMetrics(outcomes, options).slice(
    0,
    options.limit ?? DEFAULT_TOP_COMPETITORS,
  );
}
