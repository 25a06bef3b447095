import { eq, inArray } from 'drizzle-orm';
import {
  productInstances,
  syncStates,
  vendorConnections,
  websiteSites,
} from '../../kernel/db/schema';
import type { SeedContext, SeededProduct } from '../../kernel/demo/seed-context';
import { createHostingDemo } from '../../providers/hosting/hosting-demo';
import { HOSTING_VENDOR } from '../../providers/kernel/vendor-ids';
import { HOSTING_PRODUCT_SLUG } from './hosting.service';
import { HOSTING_BACKFILL_MONTHS, HOSTING_DATASET, monthStart, writeHosting } from './hosting.sync';

/**
 * Connects each Website Hosting product's hosting account (vendor `hosting`; the account
 * is the site's cPanel user) and writes 18 months of use from the demo host with the
 * sync's own upsert and cursor, so the server's first daily sync adds only today's figures.
 */
export async function seedHosting(ctx: SeedContext, products: SeededProduct[]) {
  const hosting = products.filter((p) => p.slug === HOSTING_PRODUCT_SLUG);
  if (hosting.length === 0) return { accounts: 0 };
  const sites = await ctx.tx
    .select({
      productId: websiteSites.productInstanceId,
      slug: websiteSites.demoSlug,
      id: websiteSites.id,
    })
    .from(websiteSites)
    .where(
      inArray(
        websiteSites.productInstanceId,
        hosting.map((p) => p.id),
      ),
    );
  const provider = createHostingDemo({ now: () => ctx.anchor });
  let accounts = 0;
  for (const product of hosting) {
    const site = sites.find((s) => s.productId === product.id);
    if (!site) continue;
    const user =
      (site.slug ?? `site${site.id}`).replace(/[^a-z0-9]/g, '').slice(0, 16) || `site${site.id}`;
    const [connection] = await ctx.tx
      .insert(vendorConnections)
      .values({
        companyId: product.companyId,
        vendor: HOSTING_VENDOR,
        externalAccount: user,
        displayName: 'Website hosting account',
        status: product.status === 'cancelled' ? 'disconnected' : 'connected',
        lastSyncedAt: ctx.anchor,
      })
      .onConflictDoNothing()
      .returning();
    if (!connection) continue;
    await ctx.tx
      .update(productInstances)
      .set({ vendorConnectionId: connection.id })
      .where(eq(productInstances.id, product.id));
    const access = { externalAccount: connection.externalAccount, accessToken: null };
    const account = await provider.getAccount(access);
    const months = await provider.listMonths(access, {
      from: monthStart(ctx.anchor, HOSTING_BACKFILL_MONTHS - 1),
      to: monthStart(ctx.anchor),
    });
    await writeHosting(ctx.tx, connection, { account, months, seenAt: ctx.anchor });
    await ctx.tx.insert(syncStates).values({
      connectionId: connection.id,
      dataset: HOSTING_DATASET,
      cursor: { highWater: ctx.anchor.toISOString() },
      state: 'idle',
      startedAt: ctx.anchor,
      finishedAt: ctx.anchor,
      itemsSeen: 1,
      itemsWritten: 1 + months.length,
    });
    accounts++;
  }
  return { accounts };
}
