import { todayIn } from '@pinpoint/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  productInstances,
  syncStates,
  vendorConnections,
} from '../../kernel/db/schema';
import type { SeedContext, SeededProduct } from '../../kernel/demo/seed-context';
import { BACKFILL_DAYS } from '../../platform/vendor-sync/backfill';
import { addDays } from '../../providers/google-ads/gads-days';
import { createGadsDemo, type GadsDemoOptions } from '../../providers/google-ads/gads-demo';
import { GOOGLE_ADS_VENDOR } from '../../providers/kernel/vendor-ids';
import { demoHintOf } from '../reviews';
import { GOOGLE_ADS_SLUGS } from './google-ads.service';
import { type GadsSyncItem, writeGadsItems } from './google-ads.sync';
import { createGoogleAdsSyncRepository } from './google-ads-sync.repository';

/** Days per stored window: fewer, larger upserts keep the seed fast. */
const SEED_WINDOW_DAYS = 190;

/**
 * Connects each demo Google Ads product to its customer id and stores its account's history
 * from the demo adapter through the sync's own write (same upserts, same cursor), so the
 * server's first daily run refetches only the last 3 days and what came after. The history
 * spans the product's life within the last 18 months, as LSA's does: no spend or leads
 * before the agency started the product, and none after a cancelled one's last day (its
 * account is disconnected), so the ads pages, ROI and the leads center tell the story the
 * invoices bill (consistency/consistency.api.test.ts).
 */
export async function seedGoogleAds(ctx: SeedContext, products: SeededProduct[]) {
  const { tx } = ctx;
  const ours = products.filter((p) => GOOGLE_ADS_SLUGS.has(p.slug));
  if (ours.length === 0) return { connections: 0, figures: 0 };
  const refs = await tx
    .select({
      id: productInstances.id,
      refs: productInstances.externalRefs,
      timeZone: clientCompanies.timeZone,
      name: clientCompanies.name,
      primaryCategory: clientCompanies.primaryCategory,
    })
    .from(productInstances)
    .innerJoin(clientCompanies, eq(clientCompanies.id, productInstances.companyId))
    .where(
      inArray(
        productInstances.id,
        ours.map((p) => p.id),
      ),
    );
  const refOf = new Map(refs.map((r) => [r.id, r]));
  const zones = new Map<string, string>();
  // The accounts are new here, so their business comes from the product's company (the
  // running server's demo adapter finds it through the connection, loadDemoHints).
  const hints = new Map<string, ReturnType<typeof demoHintOf>>();
  const links = ours.map((p) => {
    const ref = refOf.get(p.id);
    const raw = (ref?.refs as Record<string, string> | null)?.googleAdsCustomerId ?? '';
    const account = raw.replace(/\D/g, '') || String(1_000_000_000 + p.id);
    zones.set(account, ref?.timeZone ?? 'America/New_York');
    if (ref) hints.set(account, demoHintOf(ref));
    return { product: p, account };
  });
  return seedAccounts(tx, ctx.anchor, links, {
    now: () => ctx.anchor,
    describe: (account) => hints.get(account),
    zoneOf: (account) => zones.get(account),
  });
}

/** Also used by the benchmark, which asks for 50 campaigns an account. */
export async function seedAccounts(
  tx: Db,
  anchor: Date,
  links: {
    /** Without `start`/`end` (the benchmark), the full 18 months. */
    product: Pick<SeededProduct, 'id' | 'companyId'> &
      Partial<Pick<SeededProduct, 'start' | 'end'>>;
    account: string;
  }[],
  demo: GadsDemoOptions,
) {
  const connections = await tx
    .insert(vendorConnections)
    .values(
      links.map(({ product, account }) => ({
        companyId: product.companyId,
        vendor: GOOGLE_ADS_VENDOR,
        externalAccount: account,
        displayName: 'Google Ads account',
        status: product.end ? 'disconnected' : 'connected',
        lastSyncedAt: anchor,
      })),
    )
    .onConflictDoNothing()
    .returning();
  const provider = createGadsDemo(demo);
  const repo = createGoogleAdsSyncRepository();
  let figures = 0;
  for (const { product, account } of links) {
    const connection = connections.find(
      (c) => c.companyId === product.companyId && c.externalAccount === account,
    );
    if (!connection) continue;
    await tx
      .update(productInstances)
      .set({ vendorConnectionId: connection.id })
      .where(eq(productInstances.id, product.id));
    const access = { externalAccount: account, accessToken: null };
    const structure = await provider.structure(access);
    const items: GadsSyncItem[] = [{ kind: 'structure', structure, seenAt: anchor }];
    await writeGadsItems(tx, repo, connection, items);
    const today = todayIn(demo.zoneOf?.(account) ?? 'America/Chicago', anchor);
    const earliest = addDays(today, -BACKFILL_DAYS);
    const started = product.start?.toISOString().slice(0, 10) ?? earliest;
    // A cancelled product's last day of service is included (as its last invoice line).
    const ended = product.end?.toISOString().slice(0, 10) ?? today;
    const last = ended < today ? ended : today;
    for (let from = started > earliest ? started : earliest; from <= last; ) {
      const end = [addDays(from, SEED_WINDOW_DAYS - 1), last].sort()[0] ?? last;
      const range = { from, to: end };
      const window: GadsSyncItem = {
        kind: 'window',
        range,
        figures: await provider.figures(access, range),
        leads: await provider.leads(access, range),
        seenAt: anchor,
      };
      figures += window.kind === 'window' ? window.figures.length : 0;
      await writeGadsItems(tx, repo, connection, [window]);
      from = addDays(end, 1);
    }
    const run = { state: 'idle', startedAt: anchor, finishedAt: anchor };
    await tx.insert(syncStates).values([
      {
        connectionId: connection.id,
        dataset: 'figures',
        cursor: { highWater: anchor.toISOString() },
        ...run,
      },
      {
        connectionId: connection.id,
        dataset: 'today',
        cursor: { highWater: anchor.toISOString() },
        ...run,
      },
    ]);
  }
  return { connections: connections.length, figures };
}
