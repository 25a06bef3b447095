import {
  computeScanMetrics,
  distanceToKm,
  type PointOutcome,
  type ScanMetrics,
  SEARCH_ZOOM,
  type SearchResult,
  topCompetitors,
} from '@pinpoint/contracts';
import type { StoredPointResult, StoredScanCompetitor } from '../../kernel/db/schema';
import { matchBusiness } from '../../providers/search/business-match';
import type { SearchProvider } from '../../providers/search/port';

/**
 * The measuring half of a scan, free of the queue and the database: searching one point and
 * matching our business, and summarising a finished scan. The point job uses it for every
 * scan, and the demo seed uses the same functions, so seeded history is measured, not made up.
 */

/** The business a scan looks for among the results. */
export interface ScanBusiness {
  googlePlaceId: string | null;
  phone: string | null;
  website: string | null;
  name: string;
}

/** The settings of a scan that decide how a point is searched. */
export interface ScanSearchSettings {
  keyword: string;
  radius: number;
  unit: string;
}

/** A point's outcome as a point row stores it (never `unmeasured`). */
export interface MeasuredPoint {
  state: 'found' | 'not_found' | 'error';
  rank: number | null;
  results: StoredPointResult[];
}

/** A point row as the summary reads it. */
export interface PointForSummary extends Omit<MeasuredPoint, 'state'> {
  pointIndex: number;
  state: MeasuredPoint['state'] | 'unmeasured';
}

/**
 * The map zoom a point is searched at, from the grid's radius: a wide grid looks at a wider
 * map around each point, as someone searching that far out would. 13 (about a town) is the
 * default for the common 1–10 km radii.
 */
export function zoomForRadius(radius: number, unit: 'mi' | 'km'): number {
  const km = distanceToKm(radius, unit);
  if (km <= 1) return 15;
  if (km <= 3) return 14;
  if (km <= 10) return SEARCH_ZOOM.default;
  if (km <= 30) return 12;
  return 11;
}

/** Searches one point. Throws what the provider throws (the caller decides about retries). */
export function searchPoint(
  provider: SearchProvider,
  scan: ScanSearchSettings,
  point: { lat: number; lng: number },
  options: { signal?: AbortSignal } = {},
): Promise<SearchResult[]> {
  return provider.search(
    {
      keyword: scan.keyword,
      point: { lat: point.lat, lng: point.lng },
      zoom: zoomForRadius(scan.radius, scan.unit === 'km' ? 'km' : 'mi'),
    },
    { ...(options.signal && { signal: options.signal }) },
  );
}

/** Our business among a point's results (null results: the search failed for good). */
export function measuredOutcome(
  business: ScanBusiness,
  results: SearchResult[] | null,
): MeasuredPoint {
  if (results === null) return { state: 'error', rank: null, results: [] };
  const match = matchBusiness(
    {
      placeId: business.googlePlaceId,
      phone: business.phone,
      website: business.website,
      name: business.name,
    },
    results,
  );
  return {
    state: match ? 'found' : 'not_found',
    rank: match?.rank ?? null,
    results: results.map((result) => ({ placeId: result.placeId, name: result.name })),
  };
}

/** The outcomes of the enabled points, as the contracts metrics read them. */
function outcomesOf(disabledPoints: readonly number[], points: PointForSummary[]): PointOutcome[] {
  const disabled = new Set(disabledPoints);
  return points
    .filter((point) => !disabled.has(point.pointIndex))
    .map((point) => {
      const measured = point.state === 'found' || point.state === 'not_found';
      return {
        index: point.pointIndex,
        state: point.state,
        rank: point.state === 'found' ? point.rank : null,
        ...(measured && { results: point.results.map((result) => result.placeId) }),
      };
    });
}

export interface ScanSummary {
  metrics: ScanMetrics;
  competitors: StoredScanCompetitor[];
  /** A scan where no point could be searched at all has nothing to show: it failed. */
  status: 'done' | 'failed';
}

/** Metrics and strongest competitors of a scan whose every enabled point has an outcome. */
export function summariseScan(
  disabledPoints: readonly number[],
  points: PointForSummary[],
  ourPlaceId: string | null,
): ScanSummary {
  const outcomes = outcomesOf(disabledPoints, points);
  const metrics = computeScanMetrics(outcomes);
  const names = new Map<string, string>();
  for (const point of points) {
    for (const result of point.results) {
      if (!names.has(result.placeId)) names.set(result.placeId, result.name);
    }
  }
  // Every place id our business was matched under is ours, never its own competitor.
  const ours = new Set(ourPlaceId ? [ourPlaceId] : []);
  for (const point of points) {
    const matched = point.rank !== null ? point.results[point.rank - 1] : undefined;
    if (point.state === 'found' && matched) ours.add(matched.placeId);
  }
  const competitors = topCompetitors(outcomes, { excludePlaceIds: ours }).map((competitor) => ({
    ...competitor,
    name: names.get(competitor.placeId) ?? '',
  }));
  return { metrics, competitors, status: metrics.measured > 0 ? 'done' : 'failed' };
}
