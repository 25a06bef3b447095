import type { Db } from '../../kernel/db/database';
import { bstacQrCodes, bstacScanDays } from '../../kernel/db/schema';
import { insertChunked } from '../../kernel/demo/seed-context';
import type { ConnectionRow } from '../../platform/vendor-connections/vendor-connections.repository';
import { upsertChanged } from '../../platform/vendor-sync/upsert-changed';
import type { VendorQrCode, VendorQrScanRow } from '../../providers/qr/port';

/**
 * The `beaconstac` syncs' upserts, keyed by the vendor's ids; a row that did not change is
 * not written again (the `where` of each conflict clause), so a re-sync writes nothing.
 */
export function createBeaconstacSyncRepository() {
  return {
    async upsertCodes(tx: Db, connection: ConnectionRow, codes: VendorQrCode[], seenAt: Date) {
      if (codes.length === 0) return 0;
      const rows = await tx
        .insert(bstacQrCodes)
        .values(
          codes.map((c) => ({
            companyId: connection.companyId,
            connectionId: connection.id,
            externalId: c.externalId,
            name: c.name,
            shortUrl: c.shortUrl,
            targetUrl: c.targetUrl,
            state: c.state,
            vendorCreatedAt: c.createdAt,
            vendorUpdatedAt: c.updatedAt,
            syncedAt: seenAt,
          })),
        )
        .onConflictDoUpdate(
          upsertChanged(bstacQrCodes, {
            target: [bstacQrCodes.connectionId, bstacQrCodes.externalId],
            update: ['name', 'shortUrl', 'targetUrl', 'state', 'vendorUpdatedAt', 'syncedAt'],
            changedWhen: ['vendorUpdatedAt', 'state'],
          }),
        )
        .returning({ id: bstacQrCodes.id });
      return rows.length;
    },

    async upsertScanDays(tx: Db, connection: ConnectionRow, rows: VendorQrScanRow[]) {
      let written = 0;
      await insertChunked(rows, async (chunk) => {
        const done = await tx
          .insert(bstacScanDays)
          .values(chunk.map((r) => ({ connectionId: connection.id, ...r })))
          .onConflictDoUpdate(
            upsertChanged(bstacScanDays, {
              target: [
                bstacScanDays.connectionId,
                bstacScanDays.qrExternalId,
                bstacScanDays.day,
                bstacScanDays.dimension,
                bstacScanDays.label,
              ],
              update: ['scans', 'visitors', 'latitude', 'longitude'],
              changedWhen: ['scans', 'visitors'],
            }),
          )
          .returning({ id: bstacScanDays.id });
        written += done.length;
      });
      return written;
    },
  };
}
export type BeaconstacSyncRepository = ReturnType<typeof createBeaconstacSyncRepository>;
