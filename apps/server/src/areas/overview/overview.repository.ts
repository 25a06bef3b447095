import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies } from '../../kernel/db/schema';

/** The overview's own query; the KPI counts live with their providers (kpi-providers.ts). */
export function createOverviewRepository(db: Db) {
  return {
    /** The company's time zone, or null when there is no such company. */
    async companyTimeZone(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ timeZone: clientCompanies.timeZone })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row?.timeZone ?? null;
    },
  };
}
