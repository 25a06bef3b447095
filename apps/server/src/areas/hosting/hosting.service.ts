import type { HostingReport } from '@pinpoint/contracts';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  hostingAccounts,
  hostingUsage,
  productInstances,
  vendorConnections,
} from '../../kernel/db/schema';
import { notFound } from '../../kernel/lib/app-error';
import { HOSTING_VENDOR } from '../../providers/kernel/vendor-ids';
import { siteOfProduct } from '../websites';
import { HOSTING_BACKFILL_MONTHS, monthStart } from './hosting.sync';

export const HOSTING_PRODUCT_SLUG = 'website-hosting';

/** The hosting panel's figures, read from what the daily sync stored. */
export function createHostingService(deps: { db: Db; mode: 'demo' | 'live' }) {
  const { db } = deps;
  return {
    async report(productId: number): Promise<HostingReport> {
      const [product] = await db
        .select({
          slug: productInstances.productSlug,
          connectionId: productInstances.vendorConnectionId,
        })
        .from(productInstances)
        .where(eq(productInstances.id, productId));
      if (!product || product.slug !== HOSTING_PRODUCT_SLUG)
        throw notFound('No such hosting product.');
      const empty: HostingReport = {
        account: null,
        history: [],
        source: deps.mode,
        freshness: { status: null, lastSyncedAt: null },
      };
      const site = await siteOfProduct(db, productId);
      if (!site || !product.connectionId) return empty;
      const [connection] = await db
        .select()
        .from(vendorConnections)
        .where(
          and(
            eq(vendorConnections.id, product.connectionId),
            eq(vendorConnections.vendor, HOSTING_VENDOR),
          ),
        );
      if (!connection) return empty;
      const [account] = await db
        .select()
        .from(hostingAccounts)
        .where(
          and(
            eq(hostingAccounts.connectionId, connection.id),
            eq(hostingAccounts.siteId, site.siteId),
          ),
        );
      const months = await db
        .select()
        .from(hostingUsage)
        .where(
          and(
            eq(hostingUsage.connectionId, connection.id),
            gte(hostingUsage.month, monthStart(new Date(), HOSTING_BACKFILL_MONTHS - 1)),
          ),
        )
        .orderBy(asc(hostingUsage.month));
      const current = monthStart(new Date());
      return {
        account: account
          ? {
              plan: account.plan,
              domain: account.domain,
              domainRenewsOn: account.domainRenewsOn,
              diskQuotaMb: account.diskQuotaMb,
              bandwidthQuotaMb: account.bandwidthQuotaMb,
              diskUsedMb: account.diskUsedMb,
              bandwidthUsedMb: months.find((m) => m.month === current)?.bandwidthUsedMb ?? 0,
              ssl:
                account.sslIssuer && account.sslExpiresAt
                  ? {
                      issuer: account.sslIssuer,
                      subject: account.sslSubject ?? account.domain,
                      expiresAt: account.sslExpiresAt.toISOString(),
                    }
                  : null,
            }
          : null,
        history: months.map((m) => ({
          month: m.month.slice(0, 7),
          diskUsedMb: m.diskUsedMb,
          bandwidthUsedMb: m.bandwidthUsedMb,
        })),
        source: deps.mode,
        freshness: {
          status: connection.status as HostingReport['freshness']['status'],
          lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
        },
      };
    },
  };
}
export type HostingService = ReturnType<typeof createHostingService>;
