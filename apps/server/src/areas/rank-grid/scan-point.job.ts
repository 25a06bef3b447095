import type { SearchResult } from '@pinpoint/contracts';
import { z } from 'zod';
import { defineJob, type JobContext } from '../../kernel/jobs/define-job';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import { type SearchProvider, SearchProviderError } from '../../providers/search/port';
import type { RankGridRepository, ScanRow } from './rank-grid.repository';
import {
  measuredOutcome,
  type PointForSummary,
  searchPoint,
  summariseScan,
} from './scan-measurement';

export const SCAN_POINT_JOB = 'rank-scan.point';
/** Runs at most 1 + 3 times; the last failure is written as the point's `error` state. */
export const SCAN_POINT_RETRY_LIMIT = 3;

export const scanPointPayloadSchema = z.object({
  scanId: z.number().int().positive(),
  pointIndex: z.number().int().min(0),
});

/** Told of every scan that has just finished (done or failed), with its final row. */
export type ScanFinishedListener = (scan: ScanRow) => Promise<void> | void;

export interface ScanPointJobDeps {
  repo: RankGridRepository;
  provider: SearchProvider;
  events: EventPublisher;
  /** Called once per scan, after its metrics are stored; a failing listener is logged only. */
  onFinished?: ScanFinishedListener;
  clock?: () => Date;
}

/** One job per enabled point of a scan: search, match our business, write the outcome once. */
export function createScanPointJob({
  repo,
  provider,
  events,
  onFinished,
  clock = () => new Date(),
}: ScanPointJobDeps) {
  async function finishScan(scan: ScanRow, ourPlaceId: string | null, log: JobContext['log']) {
    const points = await repo.points(scan.id);
    const summary = summariseScan(
      scan.disabledPoints,
      points.map((point) => ({ ...point, state: point.state as PointForSummary['state'] })),
      ourPlaceId,
    );
    await repo.finish(scan.id, { ...summary, at: clock() });
    events.publish({
      type: 'rank-scan.done',
      payload: {
        scanId: scan.id,
        companyId: scan.companyId,
        status: summary.status,
        metrics: summary.metrics,
      },
      audience: { client: scan.companyId },
    });
    const finished = await repo.scan(scan.id);
    if (!finished || !onFinished) return;
    try {
      await onFinished(finished);
    } catch (error) {
      // Alerts and batch bookkeeping must not undo a finished scan; they are logged.
      log.error({ err: error, scanId: scan.id }, 'a finished-scan listener failed');
    }
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
      if (!scan || !point) return { skipped: true };
      // Idempotent: a point that already has its outcome is left alone. If it was the last
      // one and the finishing step failed, this retry finishes the scan.
      if (point.state !== 'unmeasured') {
        if (scan.pointsDone >= scan.pointsTotal && !scan.finishedAt) {
          const company = await repo.company(scan.companyId);
          await finishScan(scan, company?.googlePlaceId ?? null, ctx.log);
        }
        return { skipped: true };
      }
      if (scan.disabledPoints.includes(pointIndex)) return { skipped: true };
      const company = await repo.company(scan.companyId);
      if (!company) return { skipped: true };
      // Only the first points find the scan queued; the others skip the guarded update.
      if (scan.status === 'queued') await repo.markRunning(scanId, clock());

      let results: SearchResult[] | null = null;
      try {
        results = await searchPoint(provider, scan, point, { signal: ctx.signal });
      } catch (error) {
        const retryable = !(error instanceof SearchProviderError) || error.retryable;
        // Throwing hands the job back to pg-boss for a retry; on the last attempt (or for a
        // failure a retry cannot fix) the point is written as `error` instead, so the scan
        // still completes.
        if (retryable && ctx.attempt < SCAN_POINT_RETRY_LIMIT) throw error;
        ctx.log.warn({ err: error, scanId, pointIndex }, 'grid point search failed for good');
      }

      const outcome = measuredOutcome(company, results);
      const counted = await repo.recordOutcome({
        scanId,
        pointIndex,
        ...outcome,
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
        // If storing the result fails, the job's retry sees the counted point and finishes.
        await finishScan(scan, company.googlePlaceId, ctx.log);
      }
      return { state: outcome.state };
    },
  });
}
