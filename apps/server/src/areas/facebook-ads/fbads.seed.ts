import { addCalendarDays } from '@pinpoint/contracts';
import { eq, inArray } from 'drizzle-orm';
import { productInstances, syncStates, vendorConnections } from '../../kernel/db/schema';
import type { SeedContext, SeededProduct } from '../../kernel/demo/seed-context';
import { createFbAdsDemo } from '../../providers/facebook-ads/fb-ads-demo';
import { FACEBOOK_ADS_VENDOR } from '../../providers/kernel/vendor-ids';
import { loadDemoHints } from '../reviews';
import { createFbadsRepository } from './fbads.repository';
import { insightsWindow } from './fbads.sync';

/** The later of two last days, null (still running) winning. */
const later = (a: string | null, b: string | null) =>
  a === null || b === null ? null : a > b ? a : b;

/**
 * Connects each demo company's Meta ad account (the `facebookAdAccountId` of its Facebook
 * Ads product) and syncs its campaigns, daily insights and lead ads' leads (as many each
 * day as the insights count) from the demo adapter through the sync's own upserts, with the
 * cursor the sync would leave: the running server's first hourly run refetches only the
 * last days (and adds today's figures). The days span the products' life within the last
 * 18 months, as LSA's do: none before the first started, none after a cancelled one's last
 * day (an account whose products are all cancelled is disconnected), so the report, ROI and
 * the leads center tell the story the invoices bill (consistency/consistency.api.test.ts).
 */
export async function seedFacebookAds(ctx: SeedContext, products: SeededProduct[]) {
  const { tx } = ctx;
  const ads = products.filter((p) => p.slug === 'facebook-ads');
  if (ads.length === 0) return { connections: 0, insights: 0 };
  const refs = await tx
    .select({ id: productInstances.id, refs: productInstances.externalRefs })
    .from(productInstances)
    .where(
      inArray(
        productInstances.id,
        ads.map((p) => p.id),
      ),
    );
  const refsOf = new Map(refs.map((r) => [r.id, r.refs as Record<string, string> | null]));
  // One ad account per company: every Facebook Ads product of it reads the same account,
  // over the days from the first product's start to the last one's end (null: still running).
  const accountOf = new Map<number, string>();
  const lifeOf = new Map<number, { start: string; end: string | null }>();
  for (const product of ads) {
    const start = product.start.toISOString().slice(0, 10);
    const end = product.end?.toISOString().slice(0, 10) ?? null;
    const life = lifeOf.get(product.companyId);
    lifeOf.set(
      product.companyId,
      life
        ? { start: life.start < start ? life.start : start, end: later(life.end, end) }
        : { start, end },
    );
    if (accountOf.has(product.companyId)) continue;
    accountOf.set(
      product.companyId,
      refsOf.get(product.id)?.facebookAdAccountId ?? `act_${900_000_000 + product.companyId}`,
    );
  }
  const connections = await tx
    .insert(vendorConnections)
    .values(
      [...accountOf].map(([companyId, account]) => ({
        companyId,
        vendor: FACEBOOK_ADS_VENDOR,
        externalAccount: account,
        displayName: 'Facebook ad account',
        status: lifeOf.get(companyId)?.end ? 'disconnected' : 'connected',
        lastSyncedAt: ctx.anchor,
      })),
    )
    .returning();
  const byCompany = new Map(connections.map((c) => [c.companyId, c]));
  for (const product of ads) {
    const connection = byCompany.get(product.companyId);
    if (!connection) continue;
    await tx
      .update(productInstances)
      .set({ vendorConnectionId: connection.id })
      .where(eq(productInstances.id, product.id));
  }

  const hints = await loadDemoHints(tx);
  // The anchor is midnight UTC: the history runs to yesterday, the server adds today.
  const provider = createFbAdsDemo({ now: () => ctx.anchor, describe: (a) => hints.get(a) });
  const repo = createFbadsRepository(tx);
  const today = ctx.anchor.toISOString().slice(0, 10);
  const history = insightsWindow(null, addCalendarDays(today, -1));
  let total = 0;
  let leads = 0;
  for (const connection of connections) {
    const life = lifeOf.get(connection.companyId);
    const window = {
      ...history,
      since: life && life.start > history.since ? life.start : history.since,
      until: life?.end && life.end < history.until ? life.end : history.until,
    };
    const access = { externalAccount: connection.externalAccount, accessToken: null };
    const { campaigns } = await provider.listCampaigns(access, { after: null, pageSize: 100 });
    await repo.upsertCampaigns(tx, connection, campaigns);
    // A product that starts on the seeding day has no past days yet.
    if (window.since > window.until) continue;
    // Lead ads' leads over the same days as the insights, one per lead the insights count.
    const leadsAfter = new Date(Date.parse(`${window.since}T00:00:00Z`) - 1000);
    const leadsBefore = Date.parse(`${addCalendarDays(window.until, 1)}T00:00:00Z`);
    let after: string | null = null;
    do {
      const page = await provider.listInsights(access, { ...window, after, pageSize: 5_000 });
      total += await repo.upsertInsights(tx, connection, page.rows);
      after = page.after;
    } while (after);
    const { ads } = await provider.listAds(access, { after: null, pageSize: 100 });
    for (const ad of ads) {
      let cursor: string | null = null;
      do {
        const page = await provider.listLeads(access, {
          adId: ad.adId,
          createdAfter: leadsAfter,
          after: cursor,
          pageSize: 5_000,
        });
        const lived = page.leads.filter((l) => l.createdTime.getTime() < leadsBefore);
        leads += (await repo.upsertLeads(tx, connection, lived)).written;
        cursor = page.after;
      } while (cursor);
    }
  }
  const run = { state: 'idle', startedAt: ctx.anchor, finishedAt: ctx.anchor };
  await tx.insert(syncStates).values(
    connections.flatMap((c) => [
      {
        connectionId: c.id,
        dataset: 'insights',
        cursor: { highWater: ctx.anchor.toISOString() },
        ...run,
      },
      {
        connectionId: c.id,
        dataset: 'campaigns',
        cursor: { highWater: ctx.anchor.toISOString() },
        ...run,
      },
      {
        connectionId: c.id,
        dataset: 'leads',
        cursor: { highWater: ctx.anchor.toISOString() },
        ...run,
      },
    ]),
  );
  return { connections: connections.length, insights: total, leads };
}
