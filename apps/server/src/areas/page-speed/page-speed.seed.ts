import { and, eq, inArray } from 'drizzle-orm';
import { pageSpeedRuns, productInstances, websiteSites } from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { insertChunked, type SeedContext } from '../../kernel/demo/seed-context';
import { type PageFacts, scoreFacts } from '../../providers/page-speed/demo-scoring';
import { PAGE_SPEED_SLUGS } from './page-speed.service';

const MONTHS = 18;

/**
 * 18 months of monthly page-speed runs (mobile and desktop) for each website product's
 * site, scored by the demo formula from facts that drift month to month: the agency fixes
 * missing alt texts and sizes, trims scripts and speeds up the host, with the odd
 * regression (a new plugin, a heavy hero image). Runs stand at 06:00 UTC on the 1st, as
 * the monthly schedule makes them; none before the product started.
 */
export async function seedPageSpeed(ctx: SeedContext, products: SeededProduct[]) {
  const eligible = products.filter((p) => (PAGE_SPEED_SLUGS as readonly string[]).includes(p.slug));
  if (eligible.length === 0) return { runs: 0 };
  const sites = await ctx.tx
    .select({ siteId: websiteSites.id, productId: websiteSites.productInstanceId })
    .from(websiteSites)
    .innerJoin(productInstances, eq(productInstances.id, websiteSites.productInstanceId))
    .where(
      and(
        inArray(
          websiteSites.productInstanceId,
          eligible.map((p) => p.id),
        ),
      ),
    );
  const productOf = new Map(eligible.map((p) => [p.id, p]));
  const random = ctx.random.fork('page-speed');
  const rows: (typeof pageSpeedRuns.$inferInsert)[] = [];
  for (const site of sites) {
    const product = productOf.get(site.productId);
    if (!product) continue;
    const r = random.fork(String(site.siteId));
    // Where the site stood 18 months ago and where it stands now.
    const before = {
      blocking: r.int(2, 6),
      other: r.int(3, 9),
      images: r.int(6, 18),
      noAlt: r.int(2, 8),
      noSize: r.int(3, 10),
      responseMs: r.int(450, 1900),
      htmlKb: r.int(60, 220),
    };
    const after = {
      blocking: r.int(0, 2),
      other: r.int(1, 5),
      images: r.int(4, 12),
      noAlt: r.int(0, 2),
      noSize: r.int(0, 3),
      responseMs: r.int(120, 700),
      htmlKb: r.int(20, 90),
    };
    const flags = {
      hasDescription: r.chance(0.8),
      hasLang: r.chance(0.85),
      https: r.chance(0.9),
    };
    for (let back = MONTHS - 1; back >= 0; back--) {
      const ranAt = new Date(
        Date.UTC(ctx.anchor.getUTCFullYear(), ctx.anchor.getUTCMonth() - back, 1, 6),
      );
      if (ranAt > ctx.anchor || ranAt < product.start || (product.end && ranAt > product.end))
        continue;
      const t = (MONTHS - 1 - back) / (MONTHS - 1);
      const regression = r.chance(0.12) ? 1.6 : 1;
      const mix = (a: number, b: number) => Math.max(0, Math.round((a + (b - a) * t) * regression));
      const facts: PageFacts = {
        htmlBytes: mix(before.htmlKb, after.htmlKb) * 1024,
        blockingScripts: mix(before.blocking, after.blocking),
        otherScripts: mix(before.other, after.other),
        stylesheets: regression > 1 ? 3 : 2,
        images: mix(before.images, after.images),
        imagesWithoutAlt: mix(before.noAlt, after.noAlt),
        imagesWithoutSize: mix(before.noSize, after.noSize),
        hasViewport: true,
        viewportBlocksZoom: t < 0.3,
        hasTitle: true,
        hasDescription: flags.hasDescription || t > 0.5,
        hasLang: flags.hasLang || t > 0.4,
        hasH1: true,
        hasDoctype: true,
        hasCharset: true,
        https: flags.https || t > 0.6,
        statusCode: 200,
        responseMs: mix(before.responseMs, after.responseMs),
      };
      for (const strategy of ['mobile', 'desktop'] as const) {
        const { scores, vitals } = scoreFacts(facts, strategy);
        rows.push({
          siteId: site.siteId,
          strategy,
          status: 'done',
          source: 'demo',
          ...scores,
          vitals,
          ranAt: new Date(ranAt.getTime() + (strategy === 'desktop' ? 20_000 : 0)),
        });
      }
    }
  }
  await insertChunked(rows, (chunk) => ctx.tx.insert(pageSpeedRuns).values(chunk));
  return { runs: rows.length };
}
