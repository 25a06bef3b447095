import { addCalendarDays } from '@pinpoint/contracts';
import { sql } from 'drizzle-orm';
import { createPerformanceRepository } from '../apps/server/src/areas/performance-report/performance.repository';
import { loadConfig } from '../apps/server/src/config/config';
import { posts, reviews, vendorConnections } from '../apps/server/src/kernel/db/schema';
import { buildApp } from '../apps/server/src/main/app';
import { createGbpPerformanceDemo } from '../apps/server/src/providers/google-business-profile/gbp-performance-demo';
import { benchCompany, p95 } from './bench-gateway';
import type { BenchRow } from './bench-table';

/**
 * The performance report (issue 17): a company with every source we sync (Business Profile
 * daily metrics, a Facebook page's reviews and posts, Facebook Ads insights of 20 campaigns)
 * over 18 months; the p95 of the whole report (the sources route and each source's POST,
 * 90 days, through the gateway the way the page loads it) against the company's products
 * through the same gateway in the same run.
 */
const DAYS = 548;

async function gatewayCall(
  app: Awaited<ReturnType<typeof buildApp>>,
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/database/request',
    headers: { cookie, origin: 'http://localhost' },
    payload: { method, url, ...(body === undefined ? {} : { data: body }) },
  });
  if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
}

async function timed(count: number, run: (i: number) => Promise<void>) {
  const samples: number[] = [];
  for (let i = 0; i < count + 20; i++) {
    const started = performance.now();
    await run(i);
    if (i >= 20) samples.push(performance.now() - started);
  }
  return p95(samples);
}

export async function benchPerformanceReport(): Promise<BenchRow[]> {
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PINPOINT_DEMO: '0' });
  const app = await buildApp({ config: { ...base, database: { kind: 'pglite', dataDir: null } } });
  try {
    const db = app.database.db;
    const { companyId, connectionId, cookie } = await benchCompany(app, {
      name: 'Bench Performance Roofing',
      account: 'accounts/9/locations/99',
    });
    const today = new Date().toISOString().slice(0, 10);
    const from = addCalendarDays(today, -DAYS);
    const demo = createGbpPerformanceDemo();
    await createPerformanceRepository(db).upsertDays(
      db,
      { id: connectionId, companyId },
      await demo.dailyMetrics(
        { externalAccount: 'accounts/9/locations/99', accessToken: null },
        { from, to: today },
      ),
    );
    const [page, ads] = await db
      .insert(vendorConnections)
      .values([
        { companyId, vendor: 'facebook-page', externalAccount: 'bench-page' },
        { companyId, vendor: 'facebook-ads', externalAccount: 'act_bench' },
      ])
      .returning();
    await db.insert(reviews).values(
      Array.from({ length: 1500 }, (_, n) => ({
        companyId,
        connectionId: page?.id ?? 0,
        source: 'facebook',
        externalId: `bench-review-${n}`,
        reviewerName: 'Bench',
        rating: 1 + (n % 5),
        publishedAt: new Date(Date.now() - n * 8 * 3_600_000),
        vendorUpdatedAt: new Date(),
      })),
    );
    await db.insert(posts).values(
      Array.from({ length: 800 }, (_, n) => ({
        companyId,
        connectionId: page?.id ?? 0,
        source: 'facebook',
        summary: `Bench post ${n}`,
        state: 'published',
        publishedAt: new Date(Date.now() - n * 16 * 3_600_000),
      })),
    );
    await db.execute(sql`
      insert into fbads_insights (connection_id, company_id, campaign_id, day, spend_cents, impressions, reach, clicks, leads)
      select ${ads?.id ?? 0}, ${companyId}, 'c' || c, (current_date - d)::date, 1000 + d, 500 + c * 10, 300, 10 + c, c % 3
      from generate_series(0, ${DAYS - 1}) as d, generate_series(1, 20) as c`);
    await db.execute(sql`analyze`);

    const range = { from: addCalendarDays(today, -89), to: today };
    const products = await timed(200, () =>
      gatewayCall(app, cookie, 'GET', `/api/uni/client/products/${companyId}`),
    );
    const reportP95 = await timed(200, async () => {
      await gatewayCall(
        app,
        cookie,
        'GET',
        `/api/uni/charts/performancereport/sources/${companyId}`,
      );
      await Promise.all(
        ['google', 'facebook', 'fbads'].map((s) =>
          gatewayCall(
            app,
            cookie,
            'POST',
            `/api/uni/charts/performancereport/${s}/${companyId}`,
            range,
          ),
        ),
      );
    });
    const google = await timed(200, () =>
      gatewayCall(
        app,
        cookie,
        'POST',
        `/api/uni/charts/performancereport/google/${companyId}`,
        range,
      ),
    );
    const baseline = { baseline: products, baselineName: "a company's products, same gateway" };
    return [
      {
        name: 'performance report: sources + 3 sources × 90 days, 18 months stored, gateway (target < 200 ms)',
        value: reportP95,
        unit: 'ms',
        ...baseline,
      },
      {
        name: 'performance report: Google source alone, 90 days',
        value: google,
        unit: 'ms',
        ...baseline,
      },
    ];
  } finally {
    await app.close();
  }
}
