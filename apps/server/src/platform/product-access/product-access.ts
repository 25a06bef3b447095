import { type ConnectionStatus, connectionStatusSchema, type Vendor } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  productInstances,
  products,
  vendorConnections,
} from '../../kernel/db/schema';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import {
  type ProductInstance,
  productInstanceColumns,
} from '../product-pages/product-instance.query';
import type { ConnectionRow } from '../vendor-connections/vendor-connections.repository';

/**
 * Which products have an area's report, and what the others hear (404). Absent, every
 * product the caller may see passes: the area decides after reading more (call tracking).
 */
export type ReportCheck =
  | { accepts?: undefined; noReport?: undefined }
  | {
      accepts: (product: ProductInstance) => boolean;
      /** 'This product has no … report.': each area keeps its own wording. */
      noReport: string;
    };

/** The products whose catalog slug is one of these. */
export function slugIn(slugs: Iterable<string>): (product: ProductInstance) => boolean {
  const set = new Set(slugs);
  return (product) => set.has(product.slug);
}

/** The products whose catalog entry has this sub-page ('qa', 'listings', 'photos'…). */
export function withSubPage(page: string): (product: ProductInstance) => boolean {
  return (product) => product.subPages.includes(page);
}

/** How fresh a report's figures are: its connection's state and last sync, or nulls. */
export interface Freshness {
  status: ConnectionStatus | null;
  lastSyncedAt: string | null;
}

type FreshnessSource = Pick<ConnectionRow, 'status' | 'lastSyncedAt'>;

export function freshnessOf(connection: FreshnessSource): Freshness & { status: ConnectionStatus };
export function freshnessOf(connection: FreshnessSource | null): Freshness;
export function freshnessOf(connection: FreshnessSource | null): Freshness {
  return {
    status: connection ? connectionStatusSchema.parse(connection.status) : null,
    lastSyncedAt: connection?.lastSyncedAt?.toISOString() ?? null,
  };
}

export interface ProductAccess {
  product: ProductInstance;
  /** The company's own zone as stored (a report counts its days in it). */
  zone: string;
}

export interface ProductScope extends ProductAccess {
  /** The product's connection when it is of its company and the report's vendor, else null. */
  connection: ConnectionRow | null;
  freshness: Freshness;
}

/** The product, its company's zone and its linked connection (unchecked): one query. */
async function load(db: Db, productId: number) {
  const [row] = await db
    .select({
      product: productInstanceColumns,
      zone: clientCompanies.timeZone,
      connection: vendorConnections,
    })
    .from(productInstances)
    .innerJoin(products, eq(products.slug, productInstances.productSlug))
    .innerJoin(clientCompanies, eq(clientCompanies.id, productInstances.companyId))
    .leftJoin(vendorConnections, eq(vendorConnections.id, productInstances.vendorConnectionId))
    .where(eq(productInstances.id, productId));
  return row ?? null;
}

async function check(db: Db, principal: Principal, productId: number, report: ReportCheck) {
  const row = await load(db, productId);
  // As the route guard does: without access, a missing product and another's look alike.
  if (!row) throw principal.admin ? notFound('No such product.') : accessDenied();
  // Routes with a productOf guard have checked this already; routes carrying the product id
  // in the body (LSA, Google Ads) have not, and a service is called by more than its routes.
  if (!canAccessClient(principal, row.product.companyId)) throw accessDenied();
  if (report.accepts && !report.accepts(row.product)) throw notFound(report.noReport);
  return row;
}

/**
 * The access check every product report starts with: the product exists (admin 404, anyone
 * else 403, as the guard answers), the caller may see its company (403), and it is one of
 * the report's products (404 `noReport`).
 */
export async function productAccess(
  db: Db,
  principal: Principal,
  productId: number,
  report: ReportCheck = {},
): Promise<ProductAccess> {
  const { product, zone } = await check(db, principal, productId, report);
  return { product, zone };
}

/**
 * `productAccess`, and the product's connection to `vendor` with its freshness. A connection
 * of another company or vendor (a mislinked product) is never read: it counts as none.
 */
export async function productScope(
  db: Db,
  principal: Principal,
  productId: number,
  options: ReportCheck & { vendor: Vendor },
): Promise<ProductScope> {
  const { product, zone, connection: linked } = await check(db, principal, productId, options);
  const connection =
    linked && linked.companyId === product.companyId && linked.vendor === options.vendor
      ? linked
      : null;
  return { product, zone, connection, freshness: freshnessOf(connection) };
}
