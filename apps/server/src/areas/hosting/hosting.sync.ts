import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  hostingAccounts,
  hostingUsage,
  productInstances,
  syncStates,
  websiteSites,
} from '../../kernel/db/schema';
import { defineSync, type SyncDefinition } from '../../platform/vendor-sync/define-sync';
import type {
  HostingProvider,
  VendorHostingAccount,
  VendorHostingMonth,
} from '../../providers/hosting/port';
import { HOSTING_VENDOR } from '../../providers/kernel/vendor-ids';

export const HOSTING_DATASET = 'hosting';
/** A first run reads 18 months of transfer; later runs this month and the one before. */
export const HOSTING_BACKFILL_MONTHS = 18;

export interface HostingItem {
  account: VendorHostingAccount;
  months: VendorHostingMonth[];
  seenAt: Date;
}

/** yyyy-MM-01 of the month `back` months before `at` (UTC). */
export function monthStart(at: Date, back = 0): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * The hosting account's figures as of a sync: the account row (plan, domain, quotas, disk,
 * SSL) and one usage row per month. The current month's disk is the account's reading now;
 * earlier months keep what they had unless the host reports them. Used by the sync and the
 * seed alike. Writes nothing when the connection serves no site.
 */
export async function writeHosting(
  tx: Db,
  connection: { id: number; companyId: number },
  item: HostingItem,
): Promise<number> {
  const [site] = await tx
    .select({ id: websiteSites.id })
    .from(productInstances)
    .innerJoin(websiteSites, eq(websiteSites.productInstanceId, productInstances.id))
    .where(
      and(
        eq(productInstances.vendorConnectionId, connection.id),
        eq(productInstances.companyId, connection.companyId),
      ),
    )
    .limit(1);
  if (!site) return 0;
  const a = item.account;
  const values = {
    siteId: site.id,
    companyId: connection.companyId,
    plan: a.plan,
    domain: a.domain,
    domainRenewsOn: a.domainRenewsOn,
    diskQuotaMb: a.diskQuotaMb,
    bandwidthQuotaMb: a.bandwidthQuotaMb,
    diskUsedMb: a.diskUsedMb,
    sslIssuer: a.ssl?.issuer ?? null,
    sslSubject: a.ssl?.subject ?? null,
    sslExpiresAt: a.ssl?.expiresAt ?? null,
    syncedAt: item.seenAt,
  };
  await tx
    .insert(hostingAccounts)
    .values({ connectionId: connection.id, ...values })
    .onConflictDoUpdate({ target: hostingAccounts.connectionId, set: values });
  const current = monthStart(item.seenAt);
  const rows = item.months.map((m) => ({
    connectionId: connection.id,
    month: m.month,
    bandwidthUsedMb: m.bandwidthUsedMb,
    diskUsedMb: m.month === current ? a.diskUsedMb : m.diskUsedMb,
  }));
  if (rows.length > 0) {
    await tx
      .insert(hostingUsage)
      .values(rows)
      .onConflictDoUpdate({
        target: [hostingUsage.connectionId, hostingUsage.month],
        set: {
          bandwidthUsedMb: sql`excluded.bandwidth_used_mb`,
          diskUsedMb: sql`coalesce(excluded.disk_used_mb, ${hostingUsage.diskUsedMb})`,
        },
      });
  }
  return 1 + rows.length;
}

/** The daily `hosting` sync on a `hosting` connection (the site's hosting account). */
export function createHostingSync(deps: {
  db: Db;
  provider: HostingProvider;
  now?: () => Date;
}): SyncDefinition {
  const now = deps.now ?? (() => new Date());
  return defineSync<HostingItem>({
    vendor: HOSTING_VENDOR,
    dataset: HOSTING_DATASET,
    everyMinutes: 24 * 60,
    fetchPage: async ({ connection, access, signal }) => {
      const at = now();
      const [state] = await deps.db
        .select({ cursor: syncStates.cursor })
        .from(syncStates)
        .where(
          and(eq(syncStates.connectionId, connection.id), eq(syncStates.dataset, HOSTING_DATASET)),
        );
      const backfill = !(state?.cursor as { highWater?: string } | null)?.highWater;
      const account = await deps.provider.getAccount(access, signal);
      const months = await deps.provider.listMonths(
        access,
        { from: monthStart(at, backfill ? HOSTING_BACKFILL_MONTHS - 1 : 1), to: monthStart(at) },
        signal,
      );
      return { items: [{ account, months, seenAt: at }], nextPageToken: null };
    },
    changedAt: (item) => item.seenAt,
    writePage: async (tx, connection, items) => {
      let written = 0;
      for (const item of items) written += await writeHosting(tx, connection, item);
      return { written, createdIds: [] };
    },
  }) as SyncDefinition;
}
