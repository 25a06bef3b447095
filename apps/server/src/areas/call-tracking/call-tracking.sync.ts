import { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import { runSpanDays } from '../../platform/vendor-sync/backfill';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import { pageTokenCodec } from '../../platform/vendor-sync/page-token';
import type {
  CallTrackingProvider,
  VendorCall,
  VendorTrackingNumber,
} from '../../providers/call-tracking/port';
import { CALL_TRACKING_VENDOR } from '../../providers/kernel/vendor-ids';
import type { CallTrackingSyncRepository } from './call-tracking-sync.repository';

export const CALL_TRACKING_DATASETS = { calls: 'calls', numbers: 'numbers' } as const;
const DAY = 86_400_000;
/**
 * Later runs re-read the last 2 days: a call's status, duration and recording settle after
 * it ends (the recording is processed minutes later), and the upsert keeps only changes.
 */
export const CALLS_REFRESH_DAYS = 2;
/** CTM's largest page. */
export const CALLS_PER_PAGE = 100;

export interface CallItem {
  call: VendorCall;
  seenAt: Date;
}
interface NumberItem {
  number: VendorTrackingNumber;
  seenAt: Date;
}

export interface CallTrackingSyncDeps {
  db: Db;
  provider: CallTrackingProvider;
  syncRepo: CallTrackingSyncRepository;
  now?: () => Date;
}

/** The page to read and the run's window, fixed at its first page so a resumed run continues it. */
const callsToken = pageTokenCodec(
  CALL_TRACKING_DATASETS.calls,
  z.object({ page: z.number().int().min(1), from: z.string().min(1), to: z.string().min(1) }),
);

/** The days a run reads: UTC days, one ahead so an account zone east of UTC loses nothing. */
export function callsWindow(at: Date, days: number): { from: string; to: string } {
  return {
    from: new Date(at.getTime() - days * DAY).toISOString().slice(0, 10),
    to: new Date(at.getTime() + DAY).toISOString().slice(0, 10),
  };
}

/**
 * The call-tracking syncs on the `call-tracking` connection: `calls` (hourly; pages of
 * `calls.json` newest first inside a window fixed at the run's start: 18 months on a first
 * run, then the last 2 days) and `numbers` (daily; the account's tracking numbers). Every
 * item is marked seen now, so each run reads its whole window and the upsert keeps only
 * what changed. Calls arriving mid-run shift later pages down: a call may be read twice
 * (the upsert takes it once), never skipped.
 */
export function createCallTrackingSyncs(deps: CallTrackingSyncDeps): SyncDefinition[] {
  const now = deps.now ?? (() => new Date());

  const calls = defineSync<CallItem>({
    vendor: CALL_TRACKING_VENDOR,
    dataset: CALL_TRACKING_DATASETS.calls,
    everyMinutes: 60,
    fetchPage: async ({ connection, access, signal }, pageToken) => {
      const at = now();
      const token = pageToken
        ? callsToken.read(pageToken)
        : {
            page: 1,
            ...callsWindow(
              at,
              await runSpanDays(
                deps.db,
                connection.id,
                CALL_TRACKING_DATASETS.calls,
                CALLS_REFRESH_DAYS,
              ),
            ),
          };
      const page = await deps.provider.listCalls(
        access,
        { from: token.from, to: token.to, page: token.page, perPage: CALLS_PER_PAGE },
        signal,
      );
      return {
        items: page.calls.map((call) => ({ call, seenAt: at })),
        nextPageToken: page.nextPage
          ? callsToken.write({ page: page.nextPage, from: token.from, to: token.to })
          : null,
      };
    },
    changedAt: (item) => item.seenAt,
    writePage: (tx, connection, items) =>
      deps.syncRepo.upsertCalls(
        tx,
        connection,
        items.map((i) => i.call),
      ),
  });

  const numbers = defineSync<NumberItem>({
    vendor: CALL_TRACKING_VENDOR,
    dataset: CALL_TRACKING_DATASETS.numbers,
    everyMinutes: 24 * 60,
    fetchPage: async ({ access, signal }, pageToken) => {
      const at = now();
      const page = await deps.provider.listNumbers(
        access,
        pageToken ? Number(pageToken) : 1,
        signal,
      );
      return {
        items: page.numbers.map((number) => ({ number, seenAt: at })),
        nextPageToken: page.nextPage ? String(page.nextPage) : null,
      };
    },
    changedAt: (item) => item.seenAt,
    writePage: async (tx, connection, items) => ({
      written: await deps.syncRepo.upsertNumbers(
        tx,
        connection,
        items.map((i) => i.number),
      ),
      createdIds: [],
    }),
  });

  return [calls as SyncDefinition, numbers as SyncDefinition];
}
