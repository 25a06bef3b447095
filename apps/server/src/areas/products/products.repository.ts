import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { productInstances, products } from '../../kernel/db/schema';
import { companyExists } from '../clients';

/** Drizzle queries for a company's product instances with their catalog entry. */
export function createProductsRepository(db: Db) {
  return {
    companyExists: (companyId: number) => companyExists(db, companyId),

    /** Every instance of the company, in catalog order, then oldest first. */
    async listForCompany(companyId: number) {
      return db
        .select({
          id: productInstances.id,
          companyId: productInstances.companyId,
          slug: productInstances.productSlug,
          name: products.name,
          status: productInstances.status,
          startDate: productInstances.startDate,
          monthlyPriceCents: productInstances.monthlyPriceCents,
        })
        .from(productInstances)
        .innerJoin(products, eq(products.slug, productInstances.productSlug))
        .where(eq(productInstances.companyId, companyId))
        .orderBy(
          asc(products.sortOrder),
          asc(productInstances.startDate),
          asc(productInstances.id),
        );
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
