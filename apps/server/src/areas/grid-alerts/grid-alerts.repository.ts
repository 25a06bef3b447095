import { and, asc, count, desc, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  alerts,
  clientCompanies,
  gridConfigs,
  gridScanPoints,
  gridScans,
} from '../../kernel/db/schema';

export type GridAlertRow = typeof alerts.$inferSelect;
export type NewGridAlertRow = Omit<typeof alerts.$inferInsert, 'kind'>;
type ScanRow = typeof gridScans.$inferSelect;

export const GRID_ALERT_KIND = 'grid';

/** Serialises the alerts of one scan across processes (the two-int advisory lock form). */
const GRID_ALERTS_LOCK = 0x5c4a_0003;

/** The identity of one alert of a scan: its rule, and for a lost quadrant which one. */
const keyOf = (data: Record<string, unknown> | null) =>
  `${String(data?.rule ?? '')}:${String(data?.quadrant ?? '')}`;

/** Drizzle queries for grid alerts (the `alerts` rows of kind `grid`); rules live elsewhere. */
export function createGridAlertsRepository(db: Db) {
  const ofCompany = (companyId: number) =>
    and(eq(alerts.companyId, companyId), eq(alerts.kind, GRID_ALERT_KIND)) as SQL;

  return {
    /**
     * The latest done scan before `scan` with the same settings (company, keyword, size,
     * radius, unit, shape; the same config when the scan has one). "Before" is by creation
     * time, then id, so a seeded history with past dates compares in its own order.
     */
    async previousDoneScan(scan: ScanRow): Promise<ScanRow | null> {
      const [row] = await db
        .select()
        .from(gridScans)
        .where(
          and(
            eq(gridScans.companyId, scan.companyId),
            eq(gridScans.keyword, scan.keyword),
            eq(gridScans.size, scan.size),
            eq(gridScans.radius, scan.radius),
            eq(gridScans.unit, scan.unit),
            eq(gridScans.shape, scan.shape),
            eq(gridScans.status, 'done'),
            scan.configId === null ? undefined : eq(gridScans.configId, scan.configId),
            or(
              lt(gridScans.createdAt, scan.createdAt),
              and(eq(gridScans.createdAt, scan.createdAt), lt(gridScans.id, scan.id)),
            ),
          ),
        )
        .orderBy(desc(gridScans.createdAt), desc(gridScans.id))
        .limit(1);
      return row ?? null;
    },

    async configThresholds(configId: number) {
      const [row] = await db
        .select({ atrp: gridConfigs.atrpAlertThreshold, solv: gridConfigs.solvAlertThreshold })
        .from(gridConfigs)
        .where(eq(gridConfigs.id, configId));
      return row ?? null;
    },

    points(scanId: number) {
      return db
        .select({
          pointIndex: gridScanPoints.pointIndex,
          state: gridScanPoints.state,
          rank: gridScanPoints.rank,
        })
        .from(gridScanPoints)
        .where(eq(gridScanPoints.scanId, scanId))
        .orderBy(asc(gridScanPoints.pointIndex));
    },

    async companyTimeZone(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ timeZone: clientCompanies.timeZone })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row?.timeZone ?? null;
    },

    /**
     * Stores the alerts of one scan that are not stored yet, and answers only those. The
     * `alerts` table has no unique key for (scan, rule), so the check and the insert run under
     * the scan's advisory lock: a listener run twice, even at once, raises each alert once.
     */
    async insertNew(scanId: number, rows: NewGridAlertRow[]): Promise<GridAlertRow[]> {
      if (rows.length === 0) return [];
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${GRID_ALERTS_LOCK}::int, ${scanId}::int)`,
        );
        const existing = await tx
          .select({ data: alerts.data })
          .from(alerts)
          .where(and(eq(alerts.scanId, scanId), eq(alerts.kind, GRID_ALERT_KIND)));
        const stored = new Set(existing.map((row) => keyOf(row.data)));
        const fresh = rows.filter((row) => !stored.has(keyOf(row.data ?? null)));
        if (fresh.length === 0) return [];
        return tx
          .insert(alerts)
          .values(fresh.map((row) => ({ ...row, kind: GRID_ALERT_KIND })))
          .returning();
      });
    },

    /** One page of a company's grid alerts, newest first (id breaks ties), and the counts. */
    async list(companyId: number, limit: number, offset: number) {
      const where = ofCompany(companyId);
      const [items, [total], [unread]] = await Promise.all([
        db
          .select()
          .from(alerts)
          .where(where)
          .orderBy(desc(alerts.createdAt), desc(alerts.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(alerts).where(where),
        db
          .select({ n: count() })
          .from(alerts)
          .where(and(where, eq(alerts.read, false))),
      ]);
      return { items, total: Number(total?.n ?? 0), unreadCount: Number(unread?.n ?? 0) };
    },

    async unreadCount(companyId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(alerts)
        .where(and(ofCompany(companyId), eq(alerts.read, false)));
      return Number(row?.n ?? 0);
    },

    async find(alertId: number): Promise<GridAlertRow | null> {
      const [row] = await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.id, alertId), eq(alerts.kind, GRID_ALERT_KIND)));
      return row ?? null;
    },

    /** Deletes one grid alert, only if it belongs to the company; false when it does not. */
    async remove(companyId: number, alertId: number): Promise<boolean> {
      const rows = await db
        .delete(alerts)
        .where(and(eq(alerts.id, alertId), ofCompany(companyId)))
        .returning({ id: alerts.id });
      return rows.length > 0;
    },
  };
}

export type GridAlertsRepository = ReturnType<typeof createGridAlertsRepository>;
