import { PRODUCTS } from '@pinpoint/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { products } from '../../kernel/db/schema';

/**
 * Brings the `products` table in line with the catalog in packages/contracts (the one
 * source of slugs, names, API names and sub-pages). Runs at every start; idempotent, and
 * safe with several processes starting at once (an upsert per slug).
 */
export async function syncProductCatalog(db: Db): Promise<void> {
  await db
    .insert(products)
    .values(
      PRODUCTS.map((product, index) => ({
        slug: product.slug,
        name: product.name,
        apiName: product.api,
        subPages: [...product.subPages],
        sortOrder: index,
      })),
    )
    .onConflictDoUpdate({
      target: products.slug,
      set: {
        name: sql`excluded.name`,
        apiName: sql`excluded.api_name`,
        subPages: sql`excluded.sub_pages`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}
