import { WEBSITE_PRODUCT_SLUGS } from '@pinpoint/contracts';
import { inArray } from 'drizzle-orm';
import {
  clientCompanies,
  websiteChecks,
  websiteIncidents,
  websiteSites,
  websiteUptimeDays,
} from '../../kernel/db/schema';
import type { SeededProduct } from '../../kernel/demo/seed-context';
import { DAY_MS, insertChunked, type SeedContext } from '../../kernel/demo/seed-context';
import { demoSitePath } from './site-of-product';
import { CHECK_INTERVAL_MINUTES, STRIP_DAYS } from './websites.service';

const CHECK_MS = CHECK_INTERVAL_MINUTES * 60_000;
const CHECKS_PER_DAY = DAY_MS / CHECK_MS;
/** Raw checks seeded for the recent past (the response-time chart); days hold the rest. */
const RAW_SEED_CHECKS = CHECKS_PER_DAY;
/** Scripted outage lengths, in checks: 10 minutes to 6 hours. */
const OUTAGE_CHECKS = [2, 3, 4, 6, 9, 12, 24, 36, 72];
const CAUSES = [
  { cause: 'http_5xx', statusCode: 503 },
  { cause: 'http_5xx', statusCode: 502 },
  { cause: 'timeout', statusCode: null },
  { cause: 'refused', statusCode: null },
  { cause: 'dns', statusCode: null },
] as const;

const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'site';

/**
 * A demo site per website product, served by Pinpoint under `/demo-sites/{slug}`, and 90
 * days of uptime: a simulated check every 5 minutes with a few scripted outages (and
 * single-check blips that open no incident), stored as day aggregates, incidents and the
 * last day's raw checks. The running checker then appends real checks.
 */
export async function seedWebsites(ctx: SeedContext, products: SeededProduct[]) {
  const { tx } = ctx;
  const slugs: readonly string[] = WEBSITE_PRODUCT_SLUGS;
  const websites = products.filter((p) => slugs.includes(p.slug));
  if (websites.length === 0) return { sites: 0, incidents: 0 };
  const random = ctx.random.fork('websites');
  const companies = await tx
    .select({ id: clientCompanies.id, name: clientCompanies.name })
    .from(clientCompanies)
    .where(
      inArray(
        clientCompanies.id,
        websites.map((p) => p.companyId),
      ),
    );
  const nameOf = new Map(companies.map((c) => [c.id, c.name]));
  const used = new Set<string>();
  const totalChecks = STRIP_DAYS * CHECKS_PER_DAY;
  const firstCheckAt = ctx.anchor.getTime() - totalChecks * CHECK_MS;

  const plans = websites.map((product) => {
    const base = slugify(nameOf.get(product.companyId) ?? 'site');
    let demoSlug = base;
    for (let n = 2; used.has(demoSlug); n++) demoSlug = `${base}-${n}`;
    used.add(demoSlug);
    // Checked from the product's start (or 90 days back) to its end (or the seeding day).
    const from = Math.max(0, Math.ceil((product.start.getTime() - firstCheckAt) / CHECK_MS));
    const until = product.end
      ? Math.min(totalChecks, Math.floor((product.end.getTime() - firstCheckAt) / CHECK_MS))
      : totalChecks;
    const down = new Uint8Array(totalChecks);
    const outages: { start: number; length: number; cause: (typeof CAUSES)[number] }[] = [];
    const count = random.int(2, 5);
    for (let i = 0; i < count; i++) {
      const length = random.pick(OUTAGE_CHECKS);
      // Never in the last hour: the site is up when the demo starts.
      const start = random.int(from, Math.max(from, until - length - 12));
      if (
        start + length > until - 12 ||
        down.subarray(Math.max(0, start - 1), start + length + 1).some(Boolean)
      )
        continue;
      down.fill(1, start, start + length);
      outages.push({ start, length, cause: random.pick(CAUSES) });
    }
    for (let i = random.int(3, 10); i > 0; i--) {
      const at = random.int(from, until - 13);
      if (!down[at - 1] && !down[at] && !down[at + 1]) down[at] = 2; // a one-check blip
    }
    return { product, demoSlug, from, until, down, outages, baseMs: random.int(120, 650) };
  });

  const sites = await tx
    .insert(websiteSites)
    .values(
      plans.map((plan) => {
        const last = plan.outages.reduce((a, o) => Math.max(a, o.start + o.length), plan.from);
        const checked = plan.until > plan.from;
        return {
          companyId: plan.product.companyId,
          productInstanceId: plan.product.id,
          url: demoSitePath(plan.demoSlug),
          isDemo: true,
          demoSlug: plan.demoSlug,
          status: checked ? 'up' : 'unknown',
          statusSince: checked ? new Date(firstCheckAt + last * CHECK_MS) : null,
          lastCheckedAt: checked ? new Date(firstCheckAt + (plan.until - 1) * CHECK_MS) : null,
          lastStatusCode: checked ? 200 : null,
          lastResponseMs: checked ? plan.baseMs : null,
        };
      }),
    )
    .returning({ id: websiteSites.id, productId: websiteSites.productInstanceId });
  const siteOf = new Map(sites.map((s) => [s.productId, s.id]));

  const days: (typeof websiteUptimeDays.$inferInsert)[] = [];
  const checks: (typeof websiteChecks.$inferInsert)[] = [];
  const incidents: (typeof websiteIncidents.$inferInsert)[] = [];
  for (const plan of plans) {
    const siteId = siteOf.get(plan.product.id);
    if (siteId === undefined) continue;
    for (let day = 0; day < STRIP_DAYS; day++) {
      const first = Math.max(plan.from, day * CHECKS_PER_DAY);
      const end = Math.min(plan.until, (day + 1) * CHECKS_PER_DAY);
      if (end <= first) continue;
      // A day's typical response time wanders around the site's own.
      const dayMs = plan.baseMs * random.between(0.8, 1.3);
      let upChecks = 0;
      let answered = 0;
      let msSum = 0;
      const rawFrom = plan.until - RAW_SEED_CHECKS;
      for (let i = first; i < end; i++) {
        const isDown = plan.down[i] !== 0;
        if (isDown) continue;
        upChecks++;
        answered++;
        // Only the raw checks need their own time; the day keeps the sum (mean jitter 1.15).
        if (i < rawFrom) msSum += dayMs * 1.15;
      }
      for (let i = Math.max(first, rawFrom); i < end; i++) {
        const isDown = plan.down[i] !== 0;
        const ms = isDown ? null : Math.round(dayMs * random.between(0.7, 1.6));
        if (ms !== null) msSum += ms;
        checks.push({
          siteId,
          checkedAt: new Date(firstCheckAt + i * CHECK_MS),
          up: !isDown,
          statusCode: isDown ? 503 : 200,
          responseMs: ms,
          errorKind: isDown ? 'http_5xx' : null,
        });
      }
      days.push({
        siteId,
        day: new Date(ctx.anchor.getTime() - (STRIP_DAYS - day) * DAY_MS)
          .toISOString()
          .slice(0, 10),
        checks: end - first,
        upChecks,
        responseMsSum: Math.round(msSum),
        responseCount: answered,
      });
    }
    for (const outage of plan.outages) {
      incidents.push({
        siteId,
        companyId: plan.product.companyId,
        startedAt: new Date(firstCheckAt + outage.start * CHECK_MS),
        endedAt: new Date(firstCheckAt + (outage.start + outage.length) * CHECK_MS),
        cause: outage.cause.cause,
        statusCode: outage.cause.statusCode,
      });
    }
  }
  await insertChunked(days, (chunk) => tx.insert(websiteUptimeDays).values(chunk), 2000);
  await insertChunked(checks, (chunk) => tx.insert(websiteChecks).values(chunk), 2000);
  await insertChunked(incidents, (chunk) => tx.insert(websiteIncidents).values(chunk));
  return { sites: sites.length, incidents: incidents.length, checks: checks.length };
}
