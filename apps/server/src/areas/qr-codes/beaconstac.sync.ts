import { z } from 'zod';
import type { Db } from '../../kernel/db/database';
import { runSpanDays } from '../../platform/vendor-sync/backfill';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import { pageTokenCodec } from '../../platform/vendor-sync/page-token';
import { BEACONSTAC_VENDOR } from '../../providers/kernel/vendor-ids';
import type { QrVendorProvider, VendorQrCode, VendorQrScanRow } from '../../providers/qr/port';
import type { BeaconstacSyncRepository } from './beaconstac-sync.repository';

export const BSTAC_DATASETS = { codes: 'qr-codes', scans: 'qr-scans' } as const;
const DAY = 86_400_000;
/** Later scans runs re-read the last week (the first reads BACKFILL_DAYS). */
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

  // The days still to read, in epoch ms: fixed at the run's first page.
  const scansToken = pageTokenCodec(
    BSTAC_DATASETS.scans,
    z.object({ end: z.number().finite(), stop: z.number().finite() }),
  );
  const scans = defineSync<ScanSlice>({
    vendor: BEACONSTAC_VENDOR,
    dataset: BSTAC_DATASETS.scans,
    everyMinutes: 60,
    fetchPage: async ({ connection, access, signal }, pageToken) => {
      const at = now();
      let end: number;
      let stop: number;
      if (pageToken) {
        ({ end, stop } = scansToken.read(pageToken));
      } else {
        const today = Date.parse(`${isoDay(at.getTime())}T00:00:00Z`);
        const days = await runSpanDays(
          deps.db,
          connection.id,
          BSTAC_DATASETS.scans,
          BSTAC_REFRESH_DAYS,
        );
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
        nextPageToken: start > stop ? scansToken.write({ end: start - DAY, stop }) : null,
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
