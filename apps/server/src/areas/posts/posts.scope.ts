import type { PostSource } from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import { rangeTimeZone } from '../../platform/product-access/company-time-zone';
import { productAccess } from '../../platform/product-access/product-access';
import type { PostScope, PostsRepository } from './posts.repository';

/** A scope of posts, and which product each connection's posts are shown under. */
export interface Scoped {
  scope: PostScope;
  productOf(connectionId: number): { id: number; slug: string };
  timeZone: string;
  approvalRequired: boolean;
  /** Set for a product's routes: where new posts go. */
  product?: { id: number; slug: string; connectionId: number | null; source: PostSource };
}
export type ProductScoped = Scoped & { product: NonNullable<Scoped['product']> };

/**
 * Which posts a request may see: a product's (its connection, checked by productAccess) or a
 * company's (every connection of its post products), with the company's zone and approval rule.
 */
export function createPostScopes(deps: { db: Db; repo: PostsRepository }) {
  const { repo } = deps;

  async function companyOf(companyId: number) {
    const company = await repo.company(companyId);
    if (!company) throw notFound('No such client.');
    // Schedules are read in the company's zone; one this runtime does not know reads as the default.
    return { ...company, timeZone: rangeTimeZone(undefined, company.timeZone) };
  }

  async function productScope(
    principal: Principal,
    productId: number,
    source: PostSource,
  ): Promise<ProductScoped> {
    // Facebook Pro's posts are the page's; every other product with posts has Google's.
    const { product } = await productAccess(deps.db, principal, productId, {
      accepts: (p) =>
        p.subPages.includes('posts') && (p.slug === 'facebook-pro') === (source === 'facebook'),
      noReport: 'This product has no posts here.',
    });
    const company = await companyOf(product.companyId);
    return {
      scope: {
        companyId: product.companyId,
        connectionIds: product.connectionId ? [product.connectionId] : [],
      },
      productOf: () => ({ id: product.id, slug: product.slug }),
      timeZone: company.timeZone,
      approvalRequired: company.approvalRequired,
      product: { ...product, source },
    };
  }

  async function companyScope(principal: Principal, companyId: number): Promise<Scoped> {
    if (!canAccessClient(principal, companyId)) throw accessDenied();
    const company = await companyOf(companyId);
    const byConnection = new Map<number, { id: number; slug: string }>();
    for (const p of await repo.postProducts(companyId)) {
      if (p.connectionId && !byConnection.has(p.connectionId)) byConnection.set(p.connectionId, p);
    }
    return {
      scope: { companyId, connectionIds: [...byConnection.keys()] },
      productOf: (connectionId) => byConnection.get(connectionId) ?? { id: 0, slug: '' },
      timeZone: company.timeZone,
      approvalRequired: company.approvalRequired,
    };
  }

  return { productScope, companyScope };
}
