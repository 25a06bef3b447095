import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bstacQrCodes, bstacScanDays } from '../../db/schema';
import type { VendorQrCode, VendorQrScanRow } from '../../providers/vendors/qr-provider';
import { insertChunked } from '../../seed/seed-context';
import type { ConnectionRow } from '../vendor-connections/vendor-connections.repository';

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
        .onConflictDoUpdate({
          target: [bstacQrCodes.connectionId, bstacQrCodes.externalId],
          set: {
            name: sql`excluded.name`,
            shortUrl: sql`excluded.short_url`,
            targetUrl: sql`excluded.target_url`,
            state: sql`excluded.state`,
            vendorUpdatedAt: sql`excluded.vendor_updated_at`,
            syncedAt: sql`excluded.synced_at`,
          },
          setWhere: sql`${bstacQrCodes.vendorUpdatedAt} is distinct from excluded.vendor_updated_at
            or ${bstacQrCodes.state} is distinct from excluded.state`,
        })
        .returning({ id: bstacQrCodes.id });
      return rows.length;
    },

    async upsertScanDays(tx: Db, connection: ConnectionRow, rows: VendorQrScanRow[]) {
      let written = 0;
      await insertChunked(rows, async (chunk) => {
        const done = await tx
          .insert(bstacScanDays)
          .values(chunk.map((r) => ({ connectionId: connection.id, ...r })))
          .onConflictDoUpdate({
            target: [
              bstacScanDays.connectionId,
              bstacScanDays.qrExternalId,
              bstacScanDays.day,
              bstacScanDays.dimension,
              bstacScanDays.label,
            ],
            set: {
              scans: sql`excluded.scans`,
              visitors: sql`excluded.visitors`,
              latitude: sql`excluded.latitude`,
              longitude: sql`excluded.longitude`,
            },
            setWhere: sql`${bstacScanDays.scans} <> excluded.scans or ${bstacScanDays.visitors} <> excluded.visitors`,
          })
          .returning({ id: bstacScanDays.id });
        written += done.length;
      });
      return written;
    },
  };
}
export type BeaconstacSyncRepository = ReturnType<typeof createBeaconstacSyncRepository>;
