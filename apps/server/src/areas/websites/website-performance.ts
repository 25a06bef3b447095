import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { websiteIncidents, websiteSites, websiteUptimeDays } from '../../kernel/db/schema';
import { CHECK_INTERVAL_MINUTES } from './websites.service';

/** The performance report's `web` metrics: they add up across days and sites. */
export const WEB_PERFORMANCE_METRICS = [
  { key: 'checks', label: 'Uptime checks' },
  { key: 'downMinutes', label: 'Minutes down' },
  { key: 'incidents', label: 'Incidents' },
];

/**
 * What the performance report reads of the website products: their sites, and per UTC day
 * the checks made, the minutes down (a failed check stands for 5) and incidents started.
 */
export function createWebsitePerformance(db: Db) {
  return {
    async sites(companyId: number) {
      return db
        .select({
          id: websiteSites.id,
          productId: websiteSites.productInstanceId,
          lastCheckedAt: websiteSites.lastCheckedAt,
        })
        .from(websiteSites)
        .where(eq(websiteSites.companyId, companyId));
    },

    async days(siteIds: number[], from: string, to: string) {
      if (siteIds.length === 0) return [];
      const t = websiteUptimeDays;
      const incidentDay = sql<string>`to_char(${websiteIncidents.startedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const [rows, incidents] = await Promise.all([
        db
          .select({
            day: t.day,
            checks: sql<number>`sum(${t.checks})::int`,
            down: sql<number>`sum(${t.checks} - ${t.upChecks})::int`,
          })
          .from(t)
          .where(and(inArray(t.siteId, siteIds), gte(t.day, from), lte(t.day, to)))
          .groupBy(t.day),
        db
          .select({ day: incidentDay, n: sql<number>`count(*)::int` })
          .from(websiteIncidents)
          .where(
            and(
              inArray(websiteIncidents.siteId, siteIds),
              gte(websiteIncidents.startedAt, new Date(`${from}T00:00:00Z`)),
              lt(
                websiteIncidents.startedAt,
                new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000),
              ),
            ),
          )
          .groupBy(incidentDay),
      ]);
      const byDay = new Map<string, { day: string } & Record<string, number | string>>();
      for (const r of rows) {
        byDay.set(r.day, {
          day: r.day,
          checks: r.checks,
          downMinutes: r.down * CHECK_INTERVAL_MINUTES,
          incidents: 0,
        });
      }
      for (const i of incidents) {
        const row = byDay.get(i.day) ?? { day: i.day, checks: 0, downMinutes: 0, incidents: 0 };
        row.incidents = i.n;
        byDay.set(i.day, row);
      }
      return [...byDay.values()];
    },
  };
}

export type WebsitePerformance = ReturnType<typeof createWebsitePerformance>;
