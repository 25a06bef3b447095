import { type ProductPage, productStatusSchema } from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import type { ProductPagesRepository } from './product-pages.repository';

/** The column is plain text; a status this version does not know is not shown as active. */
const statusOf = productStatusSchema.catch('on_hold');

/** A product's own page: the instance, its company and the connection behind its data. */
export function createProductPagesService(repo: ProductPagesRepository) {
  return {
    async get(principal: Principal, productId: number): Promise<ProductPage> {
      const row = await repo.find(productId);
      if (!row) throw notFound('No such product.');
      // The route's productOf guard already ran; the service checks again, as every one does.
      if (!canAccessClient(principal, row.companyId)) throw accessDenied();
      return {
        product: {
          id: row.id,
          companyId: row.companyId,
          slug: row.slug,
          name: row.name,
          status: statusOf.parse(row.status),
          startDate: row.startDate,
          monthlyPriceCents: row.monthlyPriceCents,
        },
        company: { id: row.companyId, name: row.companyName, timeZone: row.timeZone },
        connectionId: row.connectionId,
      };
    },
  };
}

export type ProductPagesService = ReturnType<typeof createProductPagesService>;
