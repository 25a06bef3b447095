import type {
  HeldPackage,
  HeldProduct,
  OnHoldQuery,
  PackagesOnHold,
  ProductsOnHold,
} from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { staffCompanies } from './dev-host-guard';
import { createOnHoldRepository, type OnHoldSort } from './on-hold.repository';

type Query = OnHoldQuery;
type HeldRow = Awaited<ReturnType<ReturnType<typeof createOnHoldRepository>['allHeld']>>[number];

function toHeld(row: HeldRow): HeldProduct {
  return {
    product_id: row.productId,
    product_slug: row.productSlug,
    product_name: row.productName,
    company_id: row.companyId,
    company_name: row.companyName,
    status: row.status as HeldProduct['status'],
    reason: row.reason,
    since: row.since,
    monthly_price_cents: row.monthlyPriceCents,
  };
}

/** Orders packages like products: by the earliest hold, the revenue held, or the client. */
function comparePackages(sort: OnHoldSort, dir: 'asc' | 'desc') {
  const sign = dir === 'asc' ? 1 : -1;
  return (a: HeldPackage, b: HeldPackage): number => {
    if (sort === 'since' && (a.since === null || b.since === null) && a.since !== b.since)
      return a.since === null ? 1 : -1;
    const by =
      sort === 'revenue'
        ? a.monthly_paused_cents - b.monthly_paused_cents
        : sort === 'client'
          ? a.company_name.localeCompare(b.company_name)
          : (a.since ?? '').localeCompare(b.since ?? '');
    return sign * by || a.company_name.localeCompare(b.company_name);
  };
}

/**
 * Products and packages on hold (dev-only staff pages), across the clients a caller covers.
 * A package is a client's products bought together: the seed and billing know no package
 * of their own, so it is the company's bundle (its vertical's products), cancelled ones
 * excluded.
 */
export type OnHoldService = ReturnType<typeof createOnHoldService>;

export function createOnHoldService(db: Db) {
  const repo = createOnHoldRepository(db);
  return {
    async products(principal: Principal, query: Query): Promise<ProductsOnHold> {
      const found = await repo.heldProducts(
        staffCompanies(principal),
        { sort: query.sort, dir: query.dir },
        query.page,
        query.pageSize,
      );
      return {
        items: found.items.map(toHeld),
        total: found.count,
        totals: { count: found.count, monthly_cents: found.cents },
      };
    },

    async packages(principal: Principal, query: Query): Promise<PackagesOnHold> {
      const held = await repo.allHeld(staffCompanies(principal));
      const byCompany = new Map<number, HeldRow[]>();
      for (const row of held)
        byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), row]);
      const bundles = new Map(
        (await repo.packagesOf([...byCompany.keys()])).map((p) => [p.companyId, p]),
      );
      const packages = [...byCompany].map(([companyId, rows]): HeldPackage => {
        const bundle = bundles.get(companyId);
        const days = rows.flatMap((r) => (r.since ? [r.since] : [])).sort();
        return {
          company_id: companyId,
          company_name: rows[0]?.companyName ?? '',
          vertical: bundle?.vertical ?? null,
          held: rows.map((r) => ({
            product_id: r.productId,
            product_name: r.productName,
            status: r.status as HeldProduct['status'],
          })),
          product_count: Number(bundle?.products ?? rows.length),
          whole: rows.length >= Number(bundle?.products ?? rows.length),
          since: days[0] ?? null,
          reasons: [...new Set(rows.flatMap((r) => (r.reason ? [r.reason] : [])))],
          monthly_paused_cents: rows.reduce((sum, r) => sum + r.monthlyPriceCents, 0),
          package_monthly_cents: Number(bundle?.cents ?? 0),
        };
      });
      packages.sort(comparePackages(query.sort, query.dir));
      const start = (query.page - 1) * query.pageSize;
      return {
        items: packages.slice(start, start + query.pageSize),
        total: packages.length,
        totals: {
          count: packages.length,
          monthly_cents: packages.reduce((sum, p) => sum + p.monthly_paused_cents, 0),
        },
      };
    },
  };
}
