import type { BatchAtrpChange, BatchSummary, ScanMetrics } from '@pinpoint/contracts';
import type { BatchLedger } from './grid-batches.repository';

/** How many of the largest ATRP gains and losses a summary lists. */
export const SUMMARY_CHANGES = 5;

export interface SummaryScan {
  id: number;
  configId: number | null;
  companyId: number;
  companyName: string;
  keyword: string;
  status: string;
  pointsTotal: number;
  metrics: ScanMetrics | null;
  atrp: number | null;
  solv: number | null;
}

export interface SummaryInput {
  scansTotal: number;
  estimatedCents: number;
  createdAt: Date;
  finishedAt: Date;
  ledger: BatchLedger;
  scans: SummaryScan[];
  /** Every attempt of every point of the batch's scans. */
  searches: number;
  previous: { scanId: number; previousScanId: number; previousAtrp: number | null }[];
  /** The provider's price for a number of searches, in whole cents. */
  estimateCost: (searches: number) => number;
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length;
}

/**
 * The end-of-batch figures, all from the batch's own stored scans. A batch is `failed` only
 * when not one of its scans finished `done`; otherwise it is `done`, with what was skipped
 * or failed listed.
 */
export function summariseBatch(input: SummaryInput): {
  status: 'done' | 'failed';
  summary: BatchSummary;
} {
  const done = input.scans.filter((scan) => scan.status === 'done');
  const failed = input.scans.filter((scan) => scan.status === 'failed');
  const scanById = new Map(input.scans.map((scan) => [scan.id, scan]));

  const changes: BatchAtrpChange[] = [];
  for (const prev of input.previous) {
    const scan = scanById.get(prev.scanId);
    if (!scan || scan.atrp === null || scan.configId === null || prev.previousAtrp === null) {
      continue;
    }
    changes.push({
      configId: scan.configId,
      companyId: scan.companyId,
      companyName: scan.companyName,
      keyword: scan.keyword,
      scanId: scan.id,
      previousScanId: prev.previousScanId,
      previousAtrp: prev.previousAtrp,
      atrp: scan.atrp,
      change: scan.atrp - prev.previousAtrp,
    });
  }
  // Ties by scan id, so the same data always gives the same lists.
  const byChange = (a: BatchAtrpChange, b: BatchAtrpChange) =>
    a.change - b.change || a.scanId - b.scanId;
  const improvements = changes
    .filter((c) => c.change < 0)
    .sort(byChange)
    .slice(0, SUMMARY_CHANGES);
  const declines = changes
    .filter((c) => c.change > 0)
    .sort((a, b) => byChange(b, a))
    .slice(0, SUMMARY_CHANGES);

  return {
    status: done.length > 0 ? 'done' : 'failed',
    summary: {
      scans: {
        total: input.scansTotal,
        done: done.length,
        failed: failed.length,
        skipped: input.ledger.skipped.length,
      },
      skipped: input.ledger.skipped,
      points: {
        total: input.scans.reduce((sum, scan) => sum + scan.pointsTotal, 0),
        measured: input.scans.reduce((sum, scan) => sum + (scan.metrics?.measured ?? 0), 0),
        errors: input.scans.reduce((sum, scan) => sum + (scan.metrics?.errors ?? 0), 0),
        searches: input.searches,
      },
      durationSeconds: Math.max(
        0,
        Math.round((input.finishedAt.getTime() - input.createdAt.getTime()) / 1000),
      ),
      cost: {
        estimatedCents: input.estimatedCents,
        searchesCents: input.estimateCost(input.searches),
      },
      meanAtrp: mean(done.flatMap((scan) => (scan.atrp === null ? [] : [scan.atrp]))),
      meanSolv: mean(done.flatMap((scan) => (scan.solv === null ? [] : [scan.solv]))),
      improvements,
      declines,
    },
  };
}
