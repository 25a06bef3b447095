import {
  computeScanMetrics,
  distanceToKm,
  type PointOutcome,
  SEARCH_ZOOM,
  type SearchResult,
  topCompetitors,
} from '@pinpoint/contracts';
import { z } from 'zod';
import type { StoredScanCompetitor } from '../../db/schema';
import { defineJob, type JobContext } from '../../jobs/define-job';
import { matchBusiness } from '../../providers/search/business-match';
import { type SearchProvider, SearchProviderError } from '../../providers/search/search-provider';
import type { EventPublisher } from '../realtime/event-bus';
import type { RankGridRepository, ScanPointRow, ScanRow } from './rank-grid.repository';

export const SCAN_POINT_JOB = 'rank-scan.point';
/** Runs at most 1 + 3 times; the last failure is written as the point's `error` state. */
export const SCAN_POINT_RETRY_LIMIT = 3;

export const scanPointPayloadSchema = z.object({
  scanId: z.number().int().positive(),
  pointIndex: z.number().int().min(0),
});

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

export interface ScanPointJobDeps {
  repo: RankGridRepository;
  provider: SearchProvider;
  events: EventPublisher;
  clock?: () => Date;
}

/** The outcomes of the enabled points, as the contracts metrics read them. */
function outcomesOf(scan: ScanRow, points: ScanPointRow[]): PointOutcome[] {
  const disabled = new Set(scan.disabledPoints);
  return points
    .filter((point) => !disabled.has(point.pointIndex))
    .map((point) => {
      const state = point.state as PointOutcome['state'];
      const measured = state === 'found' || state === 'not_found';
      return {
        index: point.pointIndex,
        state,
        rank: state === 'found' ? point.rank : null,
        ...(measured && { results: point.results.map((result) => result.placeId) }),
      };
    });
}

/** One job per enabled point of a scan: search, match our business, write the outcome once. */
export function createScanPointJob({
  repo,
  provider,
  events,
  clock = () => new Date(),
}: ScanPointJobDeps) {
  async function finishScan(scan: ScanRow, ourPlaceIds: Set<string>) {
    const points = await repo.points(scan.id);
    const outcomes = outcomesOf(scan, points);
    const metrics = computeScanMetrics(outcomes);
    const names = new Map<string, string>();
    for (const point of points) {
      for (const result of point.results) {
        if (!names.has(result.placeId)) names.set(result.placeId, result.name);
      }
    }
    // Every place id our business was matched under is ours, never its own competitor.
    for (const point of points) {
      const ours = point.rank !== null ? point.results[point.rank - 1] : undefined;
      if (point.state === 'found' && ours) ourPlaceIds.add(ours.placeId);
    }
    const competitors: StoredScanCompetitor[] = topCompetitors(outcomes, {
      excludePlaceIds: ourPlaceIds,
    }).map((competitor) => ({ ...competitor, name: names.get(competitor.placeId) ?? '' }));
    // A scan where no point could be searched at all has nothing to show: it failed.
    const status = metrics.measured > 0 ? 'done' : 'failed';
    await repo.finish(scan.id, { metrics, competitors, status, at: clock() });
    events.publish({
      type: 'rank-scan.done',
      payload: { scanId: scan.id, companyId: scan.companyId, status, metrics },
      audience: { client: scan.companyId },
    });
  }

  async function search(scan: ScanRow, point: ScanPointRow, ctx: JobContext) {
    return provider.search(
      {
        keyword: scan.keyword,
        point: { lat: point.lat, lng: point.lng },
        zoom: zoomForRadius(scan.radius, scan.unit === 'km' ? 'km' : 'mi'),
      },
      { signal: ctx.signal },
    );
  }

  return defineJob({
    name: SCAN_POINT_JOB,
    payload: scanPointPayloadSchema,
    retryLimit: SCAN_POINT_RETRY_LIMIT,
    retryDelaySeconds: 2,
    // Short, so that a killed worker's point comes back to the queue within a minute.
    expireInSeconds: 60,
    concurrency: 4,
    pollingIntervalSeconds: 0.5,
    singletonKey: ({ scanId, pointIndex }) => `${scanId}:${pointIndex}`,
    handler: async ({ scanId, pointIndex }, ctx) => {
      const scan = await repo.scan(scanId);
      const point = await repo.point(scanId, pointIndex);
      // Idempotent: a gone scan, or a point that already has its outcome, is left alone.
      if (!scan || !point || point.state !== 'unmeasured') return { skipped: true };
      if (scan.disabledPoints.includes(pointIndex)) return { skipped: true };
      const company = await repo.company(scan.companyId);
      if (!company) return { skipped: true };
      await repo.markRunning(scanId, clock());

      let results: SearchResult[] | null = null;
      try {
        results = await search(scan, point, ctx);
      } catch (error) {
        const retryable = !(error instanceof SearchProviderError) || error.retryable;
        // Throwing hands the job back to pg-boss for a retry; on the last attempt (or for a
        // failure a retry cannot fix) the point is written as `error` instead, so the scan
        // still completes.
        if (retryable && ctx.attempt < SCAN_POINT_RETRY_LIMIT) throw error;
        ctx.log.warn({ err: error, scanId, pointIndex }, 'grid point search failed for good');
      }

      const match = results
        ? matchBusiness(
            {
              placeId: company.googlePlaceId,
              phone: company.phone,
              website: company.website,
              name: company.name,
            },
            results,
          )
        : null;
      const counted = await repo.recordOutcome({
        scanId,
        pointIndex,
        state: results === null ? 'error' : match ? 'found' : 'not_found',
        rank: match?.rank ?? null,
        results: (results ?? []).map((result) => ({ placeId: result.placeId, name: result.name })),
        attempts: ctx.attempt + 1,
        fetchedAt: clock(),
      });
      if (!counted) return { skipped: true };
      events.publish({
        type: 'rank-scan.progress',
        payload: { scanId, companyId: scan.companyId, done: counted.done, total: counted.total },
        audience: { client: scan.companyId },
      });
      // Exactly one job sees done reach total (the increment is atomic), and it finishes.
      if (counted.done === counted.total) {
        await finishScan(scan, new Set(company.googlePlaceId ? [company.googlePlaceId] : []));
      }
      return { state: results === null ? 'error' : match ? 'found' : 'not_found' };
    },
  });
}
