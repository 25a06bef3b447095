import { z } from 'zod';
import { productStatusSchema } from './domain';

export * from './product-catalog';

/**
 * One product the agency runs for a client (`GET /api/uni/client/products/{companyId}`),
 * with its catalog name. The sidebar, the products page and the overview read it.
 */
export const productInstanceSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  /** The catalog slug (`PRODUCTS`), used in product page paths. */
  slug: z.string(),
  name: z.string(),
  status: productStatusSchema,
  /** yyyy-MM-dd */
  startDate: z.string(),
  monthlyPriceCents: z.number().int(),
});
export type ProductInstance = z.infer<typeof productInstanceSchema>;

/** A company's product instances, in catalog order (active ones and the rest). */
export const clientProductsResponseSchema = z.object({
  items: z.array(productInstanceSchema),
});
export type ClientProductsResponse = z.infer<typeof clientProductsResponseSchema>;
