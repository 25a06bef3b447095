import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { productInstances, products } from '../../kernel/db/schema';

/** The columns of a product instance an area scopes by (product-access reads them too). */
export const productInstanceColumns = {
  id: productInstances.id,
  companyId: productInstances.companyId,
  slug: productInstances.productSlug,
  connectionId: productInstances.vendorConnectionId,
  subPages: products.subPages,
};

/**
 * A product instance with what every product area needs to scope a request: its company,
 * its catalog slug and sub-pages, and the vendor connection it reads from. One query for
 * the areas on the vendor frame (reviews, posts, photos, Q&A, listing).
 */
export async function findProductInstance(db: Db, productId: number) {
  const [row] = await db
    .select(productInstanceColumns)
    .from(productInstances)
    .innerJoin(products, eq(products.slug, productInstances.productSlug))
    .where(eq(productInstances.id, productId));
  return row ?? null;
}

export type ProductInstance = NonNullable<Awaited<ReturnType<typeof findProductInstance>>>;
