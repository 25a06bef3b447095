import { and, asc, count, desc, eq, inArray, ne, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  productHolds,
  productInstances,
  products,
  verticals,
} from '../../kernel/db/schema';

export const HELD = ['on_hold', 'paused'];

export type OnHoldSort = 'since' | 'revenue' | 'client';

const heldColumns = {
  productId: productInstances.id,
  productSlug: productInstances.productSlug,
  productName: products.name,
  companyId: productInstances.companyId,
  companyName: clientCompanies.name,
  status: productInstances.status,
  reason: productHolds.reason,
  since: productHolds.since,
  monthlyPriceCents: productInstances.monthlyPriceCents,
};

/** Products on hold or paused, and the packages they belong to, within a caller's companies. */
export function createOnHoldRepository(db: Db) {
  const held = (companyIds: number[] | null): SQL | undefined =>
    and(
      inArray(productInstances.status, HELD),
      companyIds === null
        ? undefined
        : inArray(productInstances.companyId, companyIds.length ? companyIds : [0]),
    );

  const heldQuery = () =>
    db
      .select(heldColumns)
      .from(productInstances)
      .innerJoin(products, eq(products.slug, productInstances.productSlug))
      .innerJoin(clientCompanies, eq(clientCompanies.id, productInstances.companyId))
      .leftJoin(productHolds, eq(productHolds.productId, productInstances.id));

  return {
    async heldProducts(
      companyIds: number[] | null,
      order: { sort: OnHoldSort; dir: 'asc' | 'desc' },
      page: number,
      pageSize: number,
    ) {
      const direction = order.dir === 'asc' ? asc : desc;
      const key = {
        // An unrecorded start sorts after every known one, whichever the direction.
        since: sql`${productHolds.since} ${sql.raw(order.dir)} nulls last`,
        revenue: direction(productInstances.monthlyPriceCents),
        client: direction(clientCompanies.name),
      }[order.sort];
      const items = await heldQuery()
        .where(held(companyIds))
        .orderBy(key, asc(clientCompanies.name), asc(productInstances.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [totals] = await db
        .select({ n: count(), cents: sum(productInstances.monthlyPriceCents) })
        .from(productInstances)
        .where(held(companyIds));
      return { items, count: Number(totals?.n ?? 0), cents: Number(totals?.cents ?? 0) };
    },

    /** Every held product in scope (packages are built from them; a few hundred at most). */
    allHeld: (companyIds: number[] | null) =>
      heldQuery().where(held(companyIds)).orderBy(asc(productInstances.id)),

    /** Each company's package: its products that still run or are held, and their price. */
    async packagesOf(companyIds: number[]) {
      if (companyIds.length === 0) return [];
      return db
        .select({
          companyId: productInstances.companyId,
          vertical: verticals.name,
          products: count(),
          cents: sum(productInstances.monthlyPriceCents),
        })
        .from(productInstances)
        .innerJoin(clientCompanies, eq(clientCompanies.id, productInstances.companyId))
        .leftJoin(verticals, eq(verticals.id, clientCompanies.verticalId))
        .where(
          and(
            inArray(productInstances.companyId, companyIds),
            ne(productInstances.status, 'cancelled'),
          ),
        )
        .groupBy(productInstances.companyId, verticals.name);
    },
  };
}

export type OnHoldRepository = ReturnType<typeof createOnHoldRepository>;
