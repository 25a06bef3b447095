import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { gridScans } from '../../kernel/db/schema';
import type { SettingsKey } from './rank-history.repository';

/** Queries of one settings line (company, keyword, size, radius, unit); access is the service's. */
export function createScanSeriesRepository(db: Db) {
  const sameSettings = (key: SettingsKey) =>
    and(
      eq(gridScans.companyId, key.companyId),
      eq(gridScans.keyword, key.keyword),
      eq(gridScans.size, key.size),
      eq(gridScans.radius, key.radius),
      eq(gridScans.unit, key.unit),
      eq(gridScans.status, 'done'),
    );

  return {
    async scanKey(scanId: number): Promise<(SettingsKey & { id: number }) | null> {
      const [row] = await db
        .select({
          id: gridScans.id,
          companyId: gridScans.companyId,
          keyword: gridScans.keyword,
          size: gridScans.size,
          radius: gridScans.radius,
          unit: gridScans.unit,
        })
        .from(gridScans)
        .where(eq(gridScans.id, scanId));
      return row ?? null;
    },

    /** Finished scans of exactly these settings, newest first (id breaks ties), one page. */
    async page(key: SettingsKey, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: gridScans.id,
            createdAt: gridScans.createdAt,
            atrp: gridScans.atrp,
            arp: gridScans.arp,
            solv: gridScans.solv,
            foundIn: gridScans.foundIn,
          })
          .from(gridScans)
          .where(sameSettings(key))
          .orderBy(desc(gridScans.createdAt), desc(gridScans.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(gridScans).where(sameSettings(key)),
      ]);
      return { rows, total: Number(total?.total ?? 0) };
    },
  };
}
export type ScanSeriesRepository = ReturnType<typeof createScanSeriesRepository>;
