import { and, count, countDistinct, desc, eq, gte, inArray, lt, lte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { bstacQrCodes, bstacScanDays, qrCodes, qrScans } from '../../kernel/db/schema';

const n = (value: unknown) => Number(value ?? 0);
export interface DayFigures {
  day: string;
  scans: number;
  visitors: number;
}
export interface Slice {
  label: string;
  scans: number;
}
export interface LocationSlice extends Slice {
  latitude: number | null;
  longitude: number | null;
}
const TOP = 12;

/**
 * The figures behind the QR analytics: our own scans (`qr_scans`, by local day of the
 * caller's zone) and the vendor's synced days (`bstac_scan_days`, the vendor's UTC days).
 */
export function createQrAnalyticsRepository(db: Db) {
  function ourScope(productId: number, codeId: number | undefined, start: Date, end: Date) {
    return and(
      eq(qrCodes.productInstanceId, productId),
      codeId === undefined ? undefined : eq(qrCodes.id, codeId),
      gte(qrScans.scannedAt, start),
      lt(qrScans.scannedAt, end),
    );
  }

  return {
    async ourDays(
      productId: number,
      codeId: number | undefined,
      start: Date,
      end: Date,
      timeZone: string,
    ): Promise<DayFigures[]> {
      const day = sql<string>`to_char(${qrScans.scannedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
      const rows = await db
        .select({ day, scans: count(), visitors: countDistinct(qrScans.visitor) })
        .from(qrScans)
        .innerJoin(qrCodes, eq(qrCodes.id, qrScans.qrCodeId))
        .where(ourScope(productId, codeId, start, end))
        .groupBy(sql`1`);
      return rows.map((r) => ({ day: r.day, scans: n(r.scans), visitors: n(r.visitors) }));
    },

    async ourBreakdown(
      column: 'os' | 'browser' | 'deviceType' | 'city',
      productId: number,
      codeId: number | undefined,
      start: Date,
      end: Date,
    ): Promise<Slice[]> {
      const field = qrScans[column];
      const rows = await db
        .select({ label: field, scans: count() })
        .from(qrScans)
        .innerJoin(qrCodes, eq(qrCodes.id, qrScans.qrCodeId))
        .where(and(ourScope(productId, codeId, start, end), sql`${field} is not null`))
        .groupBy(field)
        .orderBy(desc(count()))
        .limit(TOP);
      return rows.map((r) => ({ label: r.label ?? 'Unknown', scans: n(r.scans) }));
    },

    /** The vendor codes' external ids in scope: a company's connections, or one code. */
    async vendorScope(connectionIds: number[], codeId: number | undefined) {
      if (connectionIds.length === 0) return [];
      return db
        .select({ connectionId: bstacQrCodes.connectionId, externalId: bstacQrCodes.externalId })
        .from(bstacQrCodes)
        .where(
          and(
            inArray(bstacQrCodes.connectionId, connectionIds),
            codeId === undefined ? undefined : eq(bstacQrCodes.id, codeId),
          ),
        );
    },

    async vendorDimension(
      scope: { connectionId: number; externalId: string }[],
      dimension: 'visitors' | 'os' | 'city' | 'location',
      from: string,
      to: string,
    ) {
      if (scope.length === 0) return [];
      const connections = [...new Set(scope.map((s) => s.connectionId))];
      const codes = [...new Set(scope.map((s) => s.externalId))];
      const where = and(
        inArray(bstacScanDays.connectionId, connections),
        inArray(bstacScanDays.qrExternalId, codes),
        eq(bstacScanDays.dimension, dimension),
        gte(bstacScanDays.day, from),
        lte(bstacScanDays.day, to),
      );
      if (dimension === 'visitors') {
        const rows = await db
          .select({
            label: bstacScanDays.day,
            scans: sum(bstacScanDays.scans),
            visitors: sum(bstacScanDays.visitors),
            latitude: sql<null>`null`,
            longitude: sql<null>`null`,
          })
          .from(bstacScanDays)
          .where(where)
          .groupBy(bstacScanDays.day);
        return rows.map((r) => ({ ...r, scans: n(r.scans), visitors: n(r.visitors) }));
      }
      const rows = await db
        .select({
          label: bstacScanDays.label,
          scans: sum(bstacScanDays.scans),
          visitors: sql<number>`0`,
          latitude: sql<number | null>`max(${bstacScanDays.latitude})`,
          longitude: sql<number | null>`max(${bstacScanDays.longitude})`,
        })
        .from(bstacScanDays)
        .where(where)
        .groupBy(bstacScanDays.label)
        .orderBy(desc(sum(bstacScanDays.scans)))
        .limit(TOP);
      return rows.map((r) => ({
        ...r,
        scans: n(r.scans),
        visitors: 0,
        latitude: r.latitude === null ? null : Number(r.latitude),
        longitude: r.longitude === null ? null : Number(r.longitude),
      }));
    },
  };
}
export type QrAnalyticsRepository = ReturnType<typeof createQrAnalyticsRepository>;
