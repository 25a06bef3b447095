import { type ProductInstance, productStatusSchema } from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import type { ProductsRepository } from './products.repository';

/** The products the agency runs for a client (sidebar entries, products page, overview). */
export function createProductsService(repo: ProductsRepository) {
  return {
    async listForCompany(principal: Principal, companyId: number): Promise<ProductInstance[]> {
      if (!canAccessClient(principal, companyId)) throw accessDenied();
      if (!(await repo.companyExists(companyId))) throw notFound('No such client.');
      const rows = await repo.listForCompany(companyId);
      return rows.map((row) => {
        // The column is plain text; a status this version does not know is not shown as active.
        const status = productStatusSchema.safeParse(row.status);
        return { ...row, status: status.success ? status.data : 'on_hold' };
      });
    },
  };
}
