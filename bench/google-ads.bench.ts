import { todayIn } from '@pinpoint/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seedAccounts } from '../apps/server/src/areas/google-ads/google-ads.seed';
import { loadConfig } from '../apps/server/src/config/config';
import { buildApp } from '../apps/server/src/main/app';
import { addDays } from '../apps/server/src/providers/google-ads/gads-days';
import { benchCompany, gatewayP95, p95 } from './bench-gateway';
import type { BenchRow } from './bench-table';

/**
 * Google Ads (issue 17): the reports the Google Ads product page calls, through the gateway,
 * for one account with 18 months of 50 campaigns (their ads, keywords, cities and leads, as
 * the sync stores them), against a company's product list through the same gateway in the
 * same run. The range is the product page's default, the last 30 days of the account.
 */
const CAMPAIGNS = 50;
const ACCOUNT = '5550001234';
const ZONE = 'America/Chicago';
const TARGET_MS = 100;

/** p95 of sequential gateway POSTs of a Google Ads report body (the page's own calls). */
async function reportP95(
  app: FastifyInstance,
  cookie: string,
  body: (i: number) => Record<string, unknown>,
  count = 300,
): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { cookie, origin: 'http://localhost' },
      payload: { method: 'POST', url: '/api/googleads/', data: body(i) },
    });
    if (res.statusCode !== 200) throw new Error(`${JSON.stringify(body(i))} → ${res.statusCode}`);
    if (i >= 20) samples.push(performance.now() - started); // the first 20 warm up
  }
  return p95(samples);
}

export async function benchGoogleAds(): Promise<BenchRow[]> {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PINPOINT_DEMO: '0' });
  const app = await buildApp({ config: { ...base, database: { kind: 'pglite', dataDir: null } } });
  try {
    const db = app.database.db;
    // The company's own connection row is a placeholder; seedAccounts connects the product
    // to the 50-campaign account and stores its 18 months through the sync's write.
    const reader = await benchCompany(app, {
      name: 'Bench Ads Plumbing',
      account: 'bench-placeholder',
      vendor: 'google-ads-placeholder',
      productSlug: 'google-ads',
    });
    const anchor = new Date();
    const seedStarted = performance.now();
    const seeded = await seedAccounts(
      db,
      anchor,
      [{ product: { id: reader.productId, companyId: reader.companyId }, account: ACCOUNT }],
      { now: () => anchor, zoneOf: () => ZONE, campaignCount: () => CAMPAIGNS },
    );
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await db.execute(sql`analyze gads_metric_months`);
    const [rows] = (
      (await db.execute(sql`select count(*)::int as n from gads_metric_months`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    process.stdout.write(
      `  google ads: ${CAMPAIGNS} campaigns, ${seeded.figures.toLocaleString('en-US')} day figures in ${rows?.n ?? 0} month rows, seeded in ${seedSeconds.toFixed(1)} s\n`,
    );

    const today = todayIn(ZONE, anchor);
    const range = { from: addDays(today, -29), to: today };
    const ranged = (report: string) => ({ report, productId: reader.productId, ...range });
    const products = await gatewayP95(
      app,
      reader.cookie,
      () => `/api/uni/client/products/${reader.companyId}`,
    );
    const baseline = { baseline: products, baselineName: "a company's products, same gateway" };
    const reports: [string, (i: number) => Record<string, unknown>][] = [
      ['account/snapshot', () => ranged('account/snapshot')],
      ['performance/report', () => ranged('performance/report')],
      ['campaigns/metrics', () => ranged('campaigns/metrics')],
      [
        'reports/keywords',
        (i) => ({ ...ranged('reports/keywords'), page: (i % 5) + 1, pageSize: 10 }),
      ],
      ['reports/locations', () => ({ ...ranged('reports/locations'), page: 1, pageSize: 10 })],
      ['leads', (i) => ({ ...ranged('leads'), page: (i % 3) + 1, pageSize: 10 })],
    ];
    const out: BenchRow[] = [];
    for (const [name, body] of reports) {
      out.push({
        name: `google ads: ${name} p95, 18 months × ${CAMPAIGNS} campaigns, gateway (target < ${TARGET_MS} ms)`,
        value: await reportP95(app, reader.cookie, body),
        unit: 'ms',
        ...baseline,
      });
    }
    return out;
  } finally {
    await app.close();
  }
}
