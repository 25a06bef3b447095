import { eq, inArray } from 'drizzle-orm';
import { productInstances, syncStates, vendorConnections } from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { DAY_MS, type SeedContext } from '../../kernel/demo/seed-context';
import { BACKFILL_DAYS } from '../../platform/vendor-sync/backfill';
import { createCtmDemo } from '../../providers/call-tracking/ctm-demo';
import { CALL_TRACKING_VENDOR } from '../../providers/kernel/vendor-ids';
import { loadDemoHints } from '../reviews';
import { CALLS_PRODUCT_SLUG } from './call-tracking.service';
import { CALL_TRACKING_DATASETS } from './call-tracking.sync';
import { createCallTrackingSyncRepository } from './call-tracking-sync.repository';

/** Rows per upsert: 16 columns each stays under PostgreSQL’s 65,535 parameters. */
const CHUNK = 2_000;

/**
 * Connects each google-calls-advisor company's CallTrackingMetrics account (the product's
 * `externalRefs.callTrackingAccountId`) and syncs its history from the demo adapter with the
 * sync's own upsert and cursor: the tracking numbers, and calls from the product's start
 * (at most 18 months back) to the seeding day. The running server's first sync then
 * re-reads only the last 2 days. A cancelled product's account is disconnected and has no
 * calls after its end.
 */
export async function seedCallTracking(ctx: SeedContext, products: SeededProduct[]) {
  const { tx } = ctx;
  const advisors = products.filter((p) => p.slug === CALLS_PRODUCT_SLUG);
  if (advisors.length === 0) return { connections: 0, calls: 0 };
  const refs = await tx
    .select({ id: productInstances.id, refs: productInstances.externalRefs })
    .from(productInstances)
    .where(
      inArray(
        productInstances.id,
        advisors.map((p) => p.id),
      ),
    );
  const accountOf = (p: SeededProduct) => {
    const ref = (refs.find((r) => r.id === p.id)?.refs as Record<string, string> | null)
      ?.callTrackingAccountId;
    return ref ?? `CT${String(100_000 + p.companyId)}`;
  };
  const connections = await tx
    .insert(vendorConnections)
    .values(
      advisors.map((p) => ({
        companyId: p.companyId,
        vendor: CALL_TRACKING_VENDOR,
        externalAccount: accountOf(p),
        displayName: 'CallTrackingMetrics account',
        status: p.status === 'cancelled' ? 'disconnected' : 'connected',
        lastSyncedAt: ctx.anchor,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const connectionOf = new Map(connections.map((c) => [`${c.companyId}|${c.externalAccount}`, c]));

  const hints = await loadDemoHints(tx);
  const provider = createCtmDemo({ now: () => ctx.anchor, describe: (a) => hints.get(a) });
  const repo = createCallTrackingSyncRepository();
  let total = 0;
  for (const product of advisors) {
    const connection = connectionOf.get(`${product.companyId}|${accountOf(product)}`);
    if (!connection) continue;
    await tx
      .update(productInstances)
      .set({ vendorConnectionId: connection.id })
      .where(eq(productInstances.id, product.id));
    const access = { externalAccount: connection.externalAccount, accessToken: null };
    const numbers = await provider.listNumbers(access, 1);
    await repo.upsertNumbers(tx, connection, numbers.numbers);
    const start = Math.max(ctx.anchor.getTime() - BACKFILL_DAYS * DAY_MS, product.start.getTime());
    const end =
      product.end && product.end < ctx.anchor ? product.end.getTime() : ctx.anchor.getTime();
    const page = await provider.listCalls(access, {
      from: new Date(start).toISOString().slice(0, 10),
      to: new Date(end).toISOString().slice(0, 10),
      page: 1,
      perPage: 1_000_000,
    });
    const calls = page.calls.filter((c) => {
      const at = c.calledAt.getTime();
      return at >= start && at < end;
    });
    for (let i = 0; i < calls.length; i += CHUNK) {
      await repo.upsertCalls(tx, connection, calls.slice(i, i + CHUNK));
    }
    total += calls.length;
    const cursor = { highWater: ctx.anchor.toISOString() };
    await tx.insert(syncStates).values(
      [CALL_TRACKING_DATASETS.calls, CALL_TRACKING_DATASETS.numbers].map((dataset) => ({
        connectionId: connection.id,
        dataset,
        cursor,
        state: 'idle',
        startedAt: ctx.anchor,
        finishedAt: ctx.anchor,
        itemsSeen: dataset === CALL_TRACKING_DATASETS.calls ? calls.length : numbers.numbers.length,
        itemsWritten:
          dataset === CALL_TRACKING_DATASETS.calls ? calls.length : numbers.numbers.length,
      })),
    );
  }
  return { connections: connections.length, calls: total };
}
