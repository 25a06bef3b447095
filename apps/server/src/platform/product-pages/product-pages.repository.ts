import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, productInstances, products } from '../../kernel/db/schema';

/** Drizzle queries for one product instance with its catalog entry and its company. */
export function createProductPagesRepository(db: Db) {
  return {
    async find(productId: number) {
      const [row] = await db
        .select({
          id: productInstances.id,
          companyId: productInstances.companyId,
          slug: productInstances.productSlug,
          name: products.name,
          status: productInstances.status,
          startDate: productInstances.startDate,
          monthlyPriceCents: productInstances.monthlyPriceCents,
          connectionId: productInstances.vendorConnectionId,
          companyName: clientCompanies.name,
          timeZone: clientCompanies.timeZone,
        })
        .from(productInstances)
        .innerJoin(products, eq(products.slug, productInstances.productSlug))
        .innerJoin(clientCompanies, eq(clientCompanies.id, productInstances.companyId))
        .where(eq(productInstances.id, productId));
      return row ?? null;
    },
  };
}

export type ProductPagesRepository = ReturnType<typeof createProductPagesRepository>;
