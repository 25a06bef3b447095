import { z } from 'zod';
import { productInstanceSchema } from './products';

/**
 * `GET /api/uni/products/item/{productId}`: one product instance with the company it
 * belongs to, for the product page and the frame of its sub-pages. `connectionId` names the
 * vendor connection its synced data comes from (null: no account connected yet).
 */
export const productPageSchema = z.object({
  product: productInstanceSchema,
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    /** IANA zone of the business (its days, for reports read in its own time). */
    timeZone: z.string(),
  }),
  connectionId: z.number().int().nullable(),
});
export type ProductPage = z.infer<typeof productPageSchema>;
