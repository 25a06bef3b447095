import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  activityEvents,
  clientCompanies,
  productInstances,
  products,
} from '../../kernel/db/schema';

export type NewActivityRow = typeof activityEvents.$inferInsert;

export interface ActivityFilter {
  companyId: number;
  type?: string;
  /** UTC instants, end exclusive. */
  between?: { start: Date; end: Date };
  limit: number;
  offset: number;
}

/** Drizzle queries for the activity feed; no rules here (see the service). */
export function createActivityRepository(db: Db) {
  return {
    /** The company's time zone, or null when there is no such company. */
    async companyTimeZone(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ timeZone: clientCompanies.timeZone })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row?.timeZone ?? null;
    },

    /** One page of events, newest first (id breaks ties), with the product each was for. */
    async list(filter: ActivityFilter) {
      const conditions: SQL[] = [eq(activityEvents.companyId, filter.companyId)];
      if (filter.type) conditions.push(eq(activityEvents.type, filter.type));
      if (filter.between) {
        conditions.push(gte(activityEvents.occurredAt, filter.between.start));
        conditions.push(lt(activityEvents.occurredAt, filter.between.end));
      }
      const where = and(...conditions);
      const [items, [matching]] = await Promise.all([
        db
          .select({
            id: activityEvents.id,
            type: activityEvents.type,
            title: activityEvents.title,
            detail: activityEvents.detail,
            occurredAt: activityEvents.occurredAt,
            instanceId: productInstances.id,
            productSlug: products.slug,
            productName: products.name,
          })
          .from(activityEvents)
          // The instance must belong to the same company: a stray reference shows no product.
          .leftJoin(
            productInstances,
            and(
              eq(productInstances.id, activityEvents.productInstanceId),
              eq(productInstances.companyId, activityEvents.companyId),
            ),
          )
          .leftJoin(products, eq(products.slug, productInstances.productSlug))
          .where(where)
          .orderBy(desc(activityEvents.occurredAt), desc(activityEvents.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(activityEvents).where(where),
      ]);
      return { items, total: Number(matching?.n ?? 0) };
    },

    async insert(rows: NewActivityRow[]) {
      if (rows.length === 0) return [];
      return db.insert(activityEvents).values(rows).returning();
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
export type ActivityListRow = Awaited<ReturnType<ActivityRepository['list']>>['items'][number];
