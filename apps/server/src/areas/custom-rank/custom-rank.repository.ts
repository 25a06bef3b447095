import { PROSPECT_COMPANY_STATUS } from '@pinpoint/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, employeeAssignments, gridScans } from '../../kernel/db/schema';

/**
 * Advisory lock namespace (the two-int form, next to rank-grid's 0x5c4a_0001/2): one
 * employee's prospect creation, so two clicks on the same business make one company.
 */
const PROSPECT_COMPANY_LOCK = 0x5c4a_0003;

export interface ProspectInput {
  placeId: string;
  name: string;
  address?: string;
  phone?: string;
  website?: string;
  category?: string;
  lat: number;
  lng: number;
}

export interface ProspectRow {
  id: number;
  name: string;
  lat: number;
  lng: number;
  created: boolean;
}

/** Drizzle queries of the custom rank area; the rules live in the service. */
export function createCustomRankRepository(db: Db) {
  return {
    /**
     * The employee's prospect company for this Google place, created (with the employee
     * assigned to it) if they have none yet. Per (employee, place): two employees working
     * the same business each get their own, so neither sees the other's grids.
     */
    async ensureProspect(employeeId: number, input: ProspectInput): Promise<ProspectRow> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(${PROSPECT_COMPANY_LOCK}::int, ${employeeId}::int)`,
        );
        const [existing] = await tx
          .select({
            id: clientCompanies.id,
            name: clientCompanies.name,
            lat: clientCompanies.latitude,
            lng: clientCompanies.longitude,
          })
          .from(employeeAssignments)
          .innerJoin(clientCompanies, eq(clientCompanies.id, employeeAssignments.companyId))
          .where(
            and(
              eq(employeeAssignments.userId, employeeId),
              eq(clientCompanies.status, PROSPECT_COMPANY_STATUS),
              eq(clientCompanies.googlePlaceId, input.placeId),
            ),
          )
          .orderBy(clientCompanies.id)
          .limit(1);
        if (existing) {
          return {
            id: existing.id,
            name: existing.name,
            lat: existing.lat ?? input.lat,
            lng: existing.lng ?? input.lng,
            created: false,
          };
        }
        const [company] = await tx
          .insert(clientCompanies)
          .values({
            name: input.name,
            label: input.name,
            status: PROSPECT_COMPANY_STATUS,
            googlePlaceId: input.placeId,
            addressLine1: input.address ?? null,
            phone: input.phone ?? null,
            website: input.website ?? null,
            primaryCategory: input.category ?? null,
            latitude: input.lat,
            longitude: input.lng,
          })
          .returning({ id: clientCompanies.id });
        if (!company) throw new Error('the prospect company was not stored');
        await tx.insert(employeeAssignments).values({ userId: employeeId, companyId: company.id });
        return { id: company.id, name: input.name, lat: input.lat, lng: input.lng, created: true };
      });
    },

    /** Scans `userId` requested on prospect companies, newest first, one page, and the total. */
    async createdBy(userId: number, page: { limit: number; offset: number }) {
      const where = and(
        eq(gridScans.requestedBy, userId),
        eq(clientCompanies.status, PROSPECT_COMPANY_STATUS),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ scan: gridScans, businessName: clientCompanies.name })
          .from(gridScans)
          .innerJoin(clientCompanies, eq(clientCompanies.id, gridScans.companyId))
          .where(where)
          .orderBy(desc(gridScans.createdAt), desc(gridScans.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(gridScans)
          .innerJoin(clientCompanies, eq(clientCompanies.id, gridScans.companyId))
          .where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}

export type CustomRankRepository = ReturnType<typeof createCustomRankRepository>;
