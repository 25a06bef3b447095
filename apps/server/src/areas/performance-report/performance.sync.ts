import { addCalendarDays } from '@pinpoint/contracts';
import { dayWindow } from '../../platform/vendor-sync/backfill';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import type {
  PerformanceProvider,
  VendorPerformanceDay,
} from '../../providers/google-business-profile/performance-port';
import { GBP_VENDOR } from '../../providers/kernel/vendor-ids';
import type { PerformanceRepository } from './performance.repository';

/**
 * Later runs fetch again from this many days before the newest stored day: Google's
 * figures for the last days settle late (a day's count still grows for several days).
 */
export const REFETCH_DAYS = 7;

/** The window of a run: 18 months on the first, the refetch window after that; to yesterday. */
export function performanceWindow(latest: string | null, today: string) {
  return dayWindow(latest, addCalendarDays(today, -1), REFETCH_DAYS);
}

/**
 * The Business Profile `performance` sync, daily on every Business Profile connection:
 * one call for the window (the Performance API answers a date range in one response), the
 * days upserted (unchanged ones not written). Every fetched day counts as changed, so the
 * runner's incremental stop never skips the refetch window.
 */
export function createPerformanceSync(deps: {
  repo: PerformanceRepository;
  provider: PerformanceProvider;
  now?: () => Date;
}): SyncDefinition {
  const now = deps.now ?? (() => new Date());
  return defineSync<{ row: VendorPerformanceDay; seenAt: Date }>({
    vendor: GBP_VENDOR,
    dataset: 'performance',
    everyMinutes: 24 * 60,
    fetchPage: async ({ connection, access, signal }) => {
      const seenAt = now();
      const window = performanceWindow(
        await deps.repo.latestDay(connection.id),
        seenAt.toISOString().slice(0, 10),
      );
      const rows = await deps.provider.dailyMetrics(access, window, signal);
      return { items: rows.map((row) => ({ row, seenAt })), nextPageToken: null };
    },
    changedAt: (item) => item.seenAt,
    writePage: async (tx, connection, items) => ({
      written: await deps.repo.upsertDays(
        tx,
        connection,
        items.map((i) => i.row),
      ),
      createdIds: [],
    }),
  }) as SyncDefinition;
}
