import { TRIAL_COMPANY_STATUS } from '@pinpoint/contracts';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { alerts, clientCompanies, gridScans, verticals } from '../../kernel/db/schema';
import { GRID_ALERT_KIND } from '../grid-alerts';

/**
 * The employee home's three queries, each one round trip whatever the number of clients:
 * the clients, the newest finished scan of each (client, keyword), and the newest grid
 * alerts across them. `companyIds` null means every client (admins).
 */
export function createEmployeeHomeRepository(db: Db) {
  const among = (
    column: typeof clientCompanies.id | typeof gridScans.companyId,
    ids: number[] | null,
  ) => (ids === null ? undefined : inArray(column, ids));

  return {
    async clients(companyIds: number[] | null) {
      if (companyIds?.length === 0) return [];
      return (
        db
          .select({
            companyId: clientCompanies.id,
            companyName: clientCompanies.name,
            city: clientCompanies.city,
            state: clientCompanies.state,
            vertical: verticals.name,
          })
          .from(clientCompanies)
          .leftJoin(verticals, eq(verticals.id, clientCompanies.verticalId))
          // A trial lead's own company is not one of the agency's clients.
          .where(
            and(
              ne(clientCompanies.status, TRIAL_COMPANY_STATUS),
              among(clientCompanies.id, companyIds),
            ) as SQL,
          )
          .orderBy(sql`lower(${clientCompanies.name})`, asc(clientCompanies.id))
      );
    },

    /** DISTINCT ON walks `grid_scans_history_idx` (company, keyword, created_at). */
    async latestPerKeyword(companyIds: number[]) {
      if (companyIds.length === 0) return [];
      return db
        .selectDistinctOn([gridScans.companyId, gridScans.keyword])
        .from(gridScans)
        .where(and(inArray(gridScans.companyId, companyIds), eq(gridScans.status, 'done')))
        .orderBy(
          asc(gridScans.companyId),
          asc(gridScans.keyword),
          desc(gridScans.createdAt),
          desc(gridScans.id),
        );
    },

    async recentGridAlerts(companyIds: number[], limit: number) {
      if (companyIds.length === 0) return [];
      return db
        .select()
        .from(alerts)
        .where(and(inArray(alerts.companyId, companyIds), eq(alerts.kind, GRID_ALERT_KIND)))
        .orderBy(desc(alerts.createdAt), desc(alerts.id))
        .limit(limit);
    },
  };
}

export type EmployeeHomeRepository = ReturnType<typeof createEmployeeHomeRepository>;
