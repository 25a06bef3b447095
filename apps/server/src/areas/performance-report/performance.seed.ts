import { asc, eq } from 'drizzle-orm';
import { syncStates, vendorConnections } from '../../kernel/db/schema';
import type { SeedContext, SeededProduct } from '../../kernel/demo/seed-context';
import { createGbpPerformanceDemo } from '../../providers/google-business-profile/gbp-performance-demo';
import { GBP_VENDOR } from '../../providers/kernel/vendor-ids';
import { createPerformanceRepository } from './performance.repository';
import { performanceWindow } from './performance.sync';

/**
 * 18 months of daily metrics for every demo Business Profile location (the connections the
 * Google products read), from the demo adapter through the sync's own upsert, with the
 * cursor the sync would leave: the server's first daily run refetches only the last week.
 */
export async function seedPerformance(ctx: SeedContext, _products: SeededProduct[]) {
  const { tx } = ctx;
  const connections = await tx
    .select()
    .from(vendorConnections)
    .where(eq(vendorConnections.vendor, GBP_VENDOR))
    .orderBy(asc(vendorConnections.id));
  if (connections.length === 0) return { days: 0 };
  const provider = createGbpPerformanceDemo({ now: () => ctx.anchor });
  const repo = createPerformanceRepository(tx);
  const window = performanceWindow(null, ctx.anchor.toISOString().slice(0, 10));
  let days = 0;
  for (const connection of connections) {
    const access = { externalAccount: connection.externalAccount, accessToken: null };
    days += await repo.upsertDays(tx, connection, await provider.dailyMetrics(access, window));
  }
  await tx.insert(syncStates).values(
    connections.map((c) => ({
      connectionId: c.id,
      dataset: 'performance',
      cursor: { highWater: ctx.anchor.toISOString() },
      state: 'idle',
      startedAt: ctx.anchor,
      finishedAt: ctx.anchor,
    })),
  );
  return { days };
}
