import { eq, inArray } from 'drizzle-orm';
import { productInstances, syncStates, vendorConnections } from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { DAY_MS, type SeedContext } from '../../kernel/demo/seed-context';
import { BACKFILL_DAYS } from '../../platform/vendor-sync/backfill';
import { createLsaDemo } from '../../providers/google-ads-lsa/lsa-demo';
import { LSA_VENDOR } from '../../providers/kernel/vendor-ids';
import { loadDemoHints } from '../reviews';
import { LSA_PRODUCT_SLUG } from './lsa.service';
import { groupLeads, LSA_DATASETS } from './lsa.sync';
import { createLsaSyncRepository } from './lsa-sync.repository';

/** "1234567890" → "123-456-7890", as Google Ads writes a customer id. */
const customerId = (digits: string) =>
  `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6, 10)}`;

/**
 * Connects each demo company's Local Services Ads account and syncs its history from the
 * demo adapter with the sync's own upsert and cursor: leads from the product's start (at
 * most 18 months back) to the seeding day, and the account's daily figures. The running
 * server's first sync then re-reads only the last 30 days. A cancelled product's account
 * is disconnected and has no leads after its end.
 */
export async function seedLsa(ctx: SeedContext, products: SeededProduct[]) {
  const { tx } = ctx;
  const lsa = products.filter((p) => p.slug === LSA_PRODUCT_SLUG);
  if (lsa.length === 0) return { connections: 0, leads: 0 };
  const refs = await tx
    .select({ id: productInstances.id, refs: productInstances.externalRefs })
    .from(productInstances)
    .where(
      inArray(
        productInstances.id,
        lsa.map((p) => p.id),
      ),
    );
  const refsOf = new Map(refs.map((r) => [r.id, r.refs as Record<string, string> | null]));
  const connections = await tx
    .insert(vendorConnections)
    .values(
      lsa.map((p) => ({
        companyId: p.companyId,
        vendor: LSA_VENDOR,
        externalAccount: customerId(
          refsOf.get(p.id)?.lsaAccountId ?? String(7_000_000_000 + p.companyId),
        ),
        displayName: 'Local Services Ads account',
        status: p.status === 'cancelled' ? 'disconnected' : 'connected',
        lastSyncedAt: ctx.anchor,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const connectionOf = new Map(connections.map((c) => [c.companyId, c]));

  const hints = await loadDemoHints(tx);
  const provider = createLsaDemo({
    now: () => ctx.anchor,
    describe: (account) => {
      const hint = hints.get(account);
      return hint ? { trade: hint.trade ?? null } : null;
    },
  });
  const repo = createLsaSyncRepository();
  let total = 0;
  for (const product of lsa) {
    const connection = connectionOf.get(product.companyId);
    if (!connection) continue;
    await tx
      .update(productInstances)
      .set({ vendorConnectionId: connection.id })
      .where(eq(productInstances.id, product.id));
    const access = { externalAccount: connection.externalAccount, accessToken: null };
    const start = new Date(
      Math.max(ctx.anchor.getTime() - BACKFILL_DAYS * DAY_MS, product.start.getTime()),
    );
    const end = product.end && product.end < ctx.anchor ? product.end : ctx.anchor;
    const page = await provider.listLeads(access, { start, end });
    const items = groupLeads(page.leads, page.conversations, ctx.anchor);
    await repo.upsertLeads(
      tx,
      connection,
      items.map((i) => i.lead),
      items.flatMap((i) => i.conversations),
    );
    const days = await provider.listDays(access, {
      from: start.toISOString().slice(0, 10),
      to: new Date(end.getTime() - 1).toISOString().slice(0, 10),
    });
    await repo.upsertDays(tx, connection, days);
    total += page.leads.length;
    const cursor = { highWater: ctx.anchor.toISOString() };
    await tx.insert(syncStates).values(
      [LSA_DATASETS.leads, LSA_DATASETS.daily].map((dataset) => ({
        connectionId: connection.id,
        dataset,
        cursor,
        state: 'idle',
        startedAt: ctx.anchor,
        finishedAt: ctx.anchor,
        itemsSeen: dataset === LSA_DATASETS.leads ? page.leads.length : days.length,
        itemsWritten: dataset === LSA_DATASETS.leads ? page.leads.length : days.length,
      })),
    );
  }
  return { connections: connections.length, leads: total };
}
