import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { syncStates } from '../../db/schema';
import {
  BEACONSTAC_VENDOR,
  type QrVendorProvider,
  type VendorQrCode,
  type VendorQrScanRow,
} from '../../providers/vendors/qr-provider';
import { defineSync, type SyncDefinition } from '../vendor-sync/define-sync';
import type { BeaconstacSyncRepository } from './beaconstac-sync.repository';

export const BSTAC_DATASETS = { codes: 'qr-codes', scans: 'qr-scans' } as const;
const DAY = 86_400_000;
/** A connection's first scans run reads 18 months; later runs re-read the last week. */
export const BSTAC_BACKFILL_DAYS = 548;
export const BSTAC_REFRESH_DAYS = 7;
const SLICE_DAYS = 31;
const CODES_PAGE = 100;

interface CodeItem {
  code: VendorQrCode;
}
export interface ScanSlice {
  rows: VendorQrScanRow[];
  seenAt: Date;
}

async function hasCompletedRun(db: Db, connectionId: number, dataset: string) {
  const [state] = await db
    .select({ cursor: syncStates.cursor })
    .from(syncStates)
    .where(and(eq(syncStates.connectionId, connectionId), eq(syncStates.dataset, dataset)));
  return Boolean((state?.cursor as { highWater?: string | null } | null)?.highWater);
}

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The QR organisation's syncs on the `beaconstac` connection: `qr-codes` (hourly; the
 * codes most recently updated first, 100 a page, stopping at the last run's newest) and
 * `qr-scans` (hourly; 31-day slices of the scan reports newest first, 18 months on a first
 * run, the last 7 days after, since the vendor's counts of recent days still move).
 */
export function createBeaconstacSyncs(deps: {
  db: Db;
  provider: QrVendorProvider;
  syncRepo: BeaconstacSyncRepository;
  now?: () => Date;
}): SyncDefinition[] {
  const now = deps.now ?? (() => new Date());

  const codes = defineSync<CodeItem>({
    vendor: BEACONSTAC_VENDOR,
    dataset: BSTAC_DATASETS.codes,
    everyMinutes: 60,
    fetchPage: async ({ access, signal }, pageToken) => {
      const offset = pageToken ? Number(pageToken) : 0;
      const page = await deps.provider.listQrCodes(access, { offset, limit: CODES_PAGE }, signal);
      return {
        items: page.items.map((code) => ({ code })),
        nextPageToken: page.nextOffset === null ? null : String(page.nextOffset),
      };
    },
    changedAt: (item) => item.code.updatedAt,
    writePage: async (tx, connection, items) => ({
      written: await deps.syncRepo.upsertCodes(
        tx,
        connection,
        items.map((i) => i.code),
        now(),
      ),
      createdIds: [],
    }),
  });

  const scans = defineSync<ScanSlice>({
    vendor: BEACONSTAC_VENDOR,
    dataset: BSTAC_DATASETS.scans,
    everyMinutes: 60,
    fetchPage: async ({ connection, access, signal }, pageToken) => {
      const at = now();
      let end: number;
      let stop: number;
      if (pageToken) {
        [end, stop] = pageToken.split(':').map(Number) as [number, number];
        if (!Number.isFinite(end) || !Number.isFinite(stop))
          throw new Error('Bad QR scans page token');
      } else {
        const today = Date.parse(`${isoDay(at.getTime())}T00:00:00Z`);
        const days = (await hasCompletedRun(deps.db, connection.id, BSTAC_DATASETS.scans))
          ? BSTAC_REFRESH_DAYS
          : BSTAC_BACKFILL_DAYS;
        end = today;
        stop = today - days * DAY;
      }
      const start = Math.max(stop, end - (SLICE_DAYS - 1) * DAY);
      const rows = await deps.provider.scanReport(
        access,
        { from: isoDay(start), to: isoDay(end) },
        signal,
      );
      return {
        items: [{ rows, seenAt: at }],
        nextPageToken: start > stop ? `${start - DAY}:${stop}` : null,
      };
    },
    changedAt: (item) => item.seenAt,
    writePage: async (tx, connection, items) => ({
      written: await deps.syncRepo.upsertScanDays(
        tx,
        connection,
        items.flatMap((i) => i.rows),
      ),
      createdIds: [],
    }),
  });

  return [codes as SyncDefinition, scans as SyncDefinition];
}
