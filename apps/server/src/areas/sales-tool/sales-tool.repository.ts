import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  gridScans,
  salesContainers,
  salesRecommendations,
  salesRuns,
  users,
} from '../../kernel/db/schema';

export type ContainerRow = typeof salesContainers.$inferSelect;
export type RunRow = typeof salesRuns.$inferSelect;
export type RecommendationRow = typeof salesRecommendations.$inferSelect;

/** A container with its company's record and its owner's name: what the API shows. */
const containerColumns = {
  container: salesContainers,
  company: {
    status: clientCompanies.status,
    placeId: clientCompanies.googlePlaceId,
    addressLine1: clientCompanies.addressLine1,
    city: clientCompanies.city,
    state: clientCompanies.state,
    phone: clientCompanies.phone,
    website: clientCompanies.website,
    category: clientCompanies.primaryCategory,
    lat: clientCompanies.latitude,
    lng: clientCompanies.longitude,
  },
  ownerName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};
export type ContainerWithCompany = {
  container: ContainerRow;
  company: {
    status: string;
    placeId: string | null;
    addressLine1: string | null;
    city: string | null;
    state: string | null;
    phone: string | null;
    website: string | null;
    category: string | null;
    lat: number | null;
    lng: number | null;
  };
  ownerName: string | null;
};

/** Drizzle queries of the sales power tool; the rules (ownership, stages) are the service's. */
export function createSalesToolRepository(db: Db) {
  const withCompany = (executor: Db = db) =>
    executor
      .select(containerColumns)
      .from(salesContainers)
      .innerJoin(clientCompanies, eq(clientCompanies.id, salesContainers.companyId))
      .leftJoin(users, eq(users.id, salesContainers.ownerId));

  async function containerOfCompany(companyId: number) {
    const [row] = await db
      .select()
      .from(salesContainers)
      .where(eq(salesContainers.companyId, companyId))
      .limit(1);
    return row ?? null;
  }

  return {
    containerOfCompany,

    async container(id: number, executor: Db = db): Promise<ContainerWithCompany | null> {
      const [row] = await withCompany(executor).where(eq(salesContainers.id, id)).limit(1);
      return row ?? null;
    },

    /** One container per company: a second call for the same company answers the first. */
    async insertContainer(values: typeof salesContainers.$inferInsert): Promise<number> {
      const [row] = await db
        .insert(salesContainers)
        .values(values)
        .onConflictDoNothing({ target: salesContainers.companyId })
        .returning({ id: salesContainers.id });
      if (row) return row.id;
      const existing = await containerOfCompany(values.companyId);
      if (!existing) throw new Error('the sales container was not stored');
      return existing.id;
    },

    async updateContainer(
      id: number,
      values: Partial<typeof salesContainers.$inferInsert>,
      executor: Db = db,
    ) {
      await executor
        .update(salesContainers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(salesContainers.id, id));
    },

    /** A page of containers, newest updated first, with their grid and recommendation counts. */
    async list(filter: {
      ownerId: number | null;
      q?: string;
      stage?: string;
      limit: number;
      offset: number;
    }) {
      const conditions: (SQL | undefined)[] = [];
      if (filter.ownerId !== null) conditions.push(eq(salesContainers.ownerId, filter.ownerId));
      if (filter.stage) conditions.push(eq(salesContainers.stage, filter.stage));
      if (filter.q) {
        const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          or(
            ilike(salesContainers.name, like),
            ilike(clientCompanies.addressLine1, like),
            ilike(clientCompanies.city, like),
          ),
        );
      }
      const where = and(...conditions);
      const grids = sql<number>`(select count(*)::int from ${gridScans} g where g.company_id = ${salesContainers.companyId})`;
      const latestAtrp = sql<
        number | null
      >`(select g.atrp from ${gridScans} g where g.company_id = ${salesContainers.companyId} and g.status = 'done' order by g.finished_at desc nulls last, g.id desc limit 1)`;
      const recommendations = sql<number>`(select count(*)::int from ${salesRecommendations} r where r.container_id = ${salesContainers.id})`;
      const [rows, [total]] = await Promise.all([
        db
          .select({ ...containerColumns, grids, latestAtrp, recommendations })
          .from(salesContainers)
          .innerJoin(clientCompanies, eq(clientCompanies.id, salesContainers.companyId))
          .leftJoin(users, eq(users.id, salesContainers.ownerId))
          .where(where)
          .orderBy(desc(salesContainers.updatedAt), desc(salesContainers.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db
          .select({ n: count() })
          .from(salesContainers)
          .innerJoin(clientCompanies, eq(clientCompanies.id, salesContainers.companyId))
          .where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async runs(containerId: number) {
      return db
        .select({
          run: salesRuns,
          requestedByName: sql<
            string | null
          >`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
        })
        .from(salesRuns)
        .leftJoin(users, eq(users.id, salesRuns.requestedBy))
        .where(eq(salesRuns.containerId, containerId))
        .orderBy(desc(salesRuns.createdAt), desc(salesRuns.id));
    },

    async recommendations(containerId: number) {
      return db
        .select()
        .from(salesRecommendations)
        .where(eq(salesRecommendations.containerId, containerId))
        .orderBy(asc(salesRecommendations.position), asc(salesRecommendations.id));
    },

    async recommendation(id: number) {
      const [row] = await db
        .select()
        .from(salesRecommendations)
        .where(eq(salesRecommendations.id, id))
        .limit(1);
      return row ?? null;
    },
  };
}

export type SalesToolRepository = ReturnType<typeof createSalesToolRepository>;
