import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { alerts, clientCompanies } from '../../kernel/db/schema';

export type AlertRow = typeof alerts.$inferSelect;
export type NewAlertRow = typeof alerts.$inferInsert;

/** Drizzle queries for the alerts of client companies; no rules here (see the service). */
export function createAlertsRepository(db: Db) {
  return {
    async companyName(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ name: clientCompanies.name })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row?.name ?? null;
    },

    /** One page of a company's alerts, newest first (id breaks ties), and the counts. */
    async list(filter: { companyId: number; unreadOnly: boolean; limit: number; offset: number }) {
      const ofCompany = eq(alerts.companyId, filter.companyId);
      const unread = and(ofCompany, eq(alerts.read, false)) as SQL;
      const where = filter.unreadOnly ? unread : ofCompany;
      const [items, [matching], [unreadTotal]] = await Promise.all([
        db
          .select()
          .from(alerts)
          .where(where)
          .orderBy(desc(alerts.createdAt), desc(alerts.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(alerts).where(where),
        db.select({ n: count() }).from(alerts).where(unread),
      ]);
      return {
        items,
        total: Number(matching?.n ?? 0),
        unreadCount: Number(unreadTotal?.n ?? 0),
      };
    },

    /** Marks one alert read, only if it belongs to the company; null when it does not. */
    async markRead(companyId: number, alertId: number): Promise<AlertRow | null> {
      const [row] = await db
        .update(alerts)
        .set({ read: true })
        .where(and(eq(alerts.id, alertId), eq(alerts.companyId, companyId)))
        .returning();
      return row ?? null;
    },

    /** Marks every unread alert of the company read; answers how many changed. */
    async markAllRead(companyId: number): Promise<number> {
      const rows = await db
        .update(alerts)
        .set({ read: true })
        .where(and(eq(alerts.companyId, companyId), eq(alerts.read, false)))
        .returning({ id: alerts.id });
      return rows.length;
    },

    /** Inserts alerts (demo data now; grid scans and notifications later). */
    async insert(rows: NewAlertRow[]): Promise<AlertRow[]> {
      if (rows.length === 0) return [];
      return db.insert(alerts).values(rows).returning();
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
