import { todayIn } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gadsCustomers, gadsLeads, gadsMetricMonths, syncStates } from '../../kernel/db/schema';
import { addDays } from '../../providers/google-ads/gads-days';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { type GoogleAdsFixture, googleAdsFixture } from './google-ads.test-setup';

let testApp: TestApp;
let app: FastifyInstance;
let f: GoogleAdsFixture;
const today = () => todayIn('America/Chicago');

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  f = await googleAdsFixture(app);
  // The daily sync of a new connection: the account, then 18 months a month at a time.
  const run = await app.vendorSync.runSync(f.connectionId, 'figures');
  expect(run.status).toBe('done');
}, 120_000);
afterAll(() => app.close());

/** A report through the gateway, as the web app asks for it. */
async function report(cookie: string, data: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/database/request',
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { method: 'POST', url: '/api/googleads/', data },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('the Google Ads sync', () => {
  it('backfills 18 months from the demo adapter and keeps its cursor in the account row', async () => {
    const [customer] = await app.database.db
      .select()
      .from(gadsCustomers)
      .where(eq(gadsCustomers.connectionId, f.connectionId));
    expect(customer?.figuresThrough).toBe(todayIn(customer?.timeZone ?? 'America/Chicago'));
    const months = await app.database.db
      .select({ month: gadsMetricMonths.month })
      .from(gadsMetricMonths)
      .where(eq(gadsMetricMonths.connectionId, f.connectionId));
    expect(new Set(months.map((m) => m.month)).size).toBeGreaterThanOrEqual(18);
  });

  it('refetches only the last 3 days on the next run, and stores nothing twice', async () => {
    const before = await app.database.db
      .select()
      .from(gadsLeads)
      .where(eq(gadsLeads.connectionId, f.connectionId));
    const run = await app.vendorSync.runSync(f.connectionId, 'figures');
    expect(run.status).toBe('done');
    // One structure page and one window page (3 days back to today).
    expect(run.pages).toBe(2);
    const after = await app.database.db
      .select()
      .from(gadsLeads)
      .where(eq(gadsLeads.connectionId, f.connectionId));
    expect(after.length).toBeGreaterThanOrEqual(before.length);
    expect(new Set(after.map((l) => l.externalId)).size).toBe(after.length);
    const hourly = await app.vendorSync.runSync(f.connectionId, 'today');
    expect(hourly.status).toBe('done');
    const [state] = await app.database.db
      .select()
      .from(syncStates)
      .where(eq(syncStates.connectionId, f.connectionId));
    expect(state?.state).toBe('idle');
  });
});

describe('POST /api/googleads/', () => {
  const last30 = () => ({ from: addDays(today(), -29), to: today() });

  it('agrees with itself: account, campaigns, days, ads, keywords, cities and leads tell one story', async () => {
    const range = last30();
    const base = { productId: f.productId, ...range };
    const account = await report(f.cookies.client, { report: 'account/metrics', ...base });
    expect(account.status).toBe(200);
    const campaigns = await report(f.cookies.client, { report: 'campaigns/metrics', ...base });
    const days = await report(f.cookies.client, { report: 'performance/report', ...base });
    const ads = await report(f.cookies.client, { report: 'ads/all', ...base, pageSize: 100 });
    const cities = await report(f.cookies.client, {
      report: 'reports/locations',
      ...base,
      pageSize: 100,
    });
    const leads = await report(f.cookies.client, { report: 'leads', ...base, pageSize: 5 });
    const m = account.body.metrics;
    expect(m.costCents).toBeGreaterThan(0);
    expect(campaigns.body.totals).toEqual(m);
    const sum = (rows: { metrics?: Record<string, number> }[], k: string) =>
      rows.reduce((a, r) => a + (r.metrics?.[k] ?? (r as Record<string, number>)[k] ?? 0), 0);
    for (const k of ['impressions', 'clicks', 'costCents', 'calls', 'forms']) {
      expect(sum(campaigns.body.campaigns, k)).toBe(m[k]);
      expect(sum(days.body.days, k)).toBe(m[k]);
      expect(sum(ads.body.rows, k)).toBe(m[k]);
      expect(sum(cities.body.rows, k)).toBe(m[k]);
    }
    expect(m.ctr).toBeCloseTo(m.clicks / m.impressions, 10);
    expect(m.averageCpcCents).toBe(Math.round(m.costCents / m.clicks));
    expect(m.conversions).toBe(m.calls + m.forms);
    expect(leads.body.calls).toBe(m.calls);
    expect(leads.body.forms).toBe(m.forms);
    expect(leads.body.rows).toHaveLength(5);
    expect(cities.body.rows[0].canonicalName).toMatch(/,United States$/);
  });

  it('answers the snapshot against the previous period, schedules, keywords, ad counts and images', async () => {
    const base = { productId: f.productId, ...last30() };
    const snapshot = await report(f.cookies.employee, { report: 'account/snapshot', ...base });
    expect(snapshot.status).toBe(200);
    expect(snapshot.body.account.customerId).toMatch(/^\d{3}-\d{3}-\d{4}$/);
    expect(snapshot.body.previousRange.to).toBe(addDays(base.from, -1));
    expect(snapshot.body.freshness.status).toBe('connected');
    const schedules = await report(f.cookies.client, {
      report: 'campaigns/schedules',
      productId: f.productId,
    });
    expect(schedules.body.campaigns.length).toBeGreaterThanOrEqual(3);
    const keywords = await report(f.cookies.client, { report: 'reports/keywords', ...base });
    expect(keywords.body.rows.length).toBeGreaterThan(0);
    const clicks = keywords.body.rows.map((r: { metrics: { clicks: number } }) => r.metrics.clicks);
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
    const info = await report(f.cookies.client, { report: 'info/ads', productId: f.productId });
    expect(info.body.total).toBe(info.body.enabled + info.body.paused);
    const images = await report(f.cookies.client, {
      report: 'assets/images',
      productId: f.productId,
    });
    expect(images.body.total).toBe(3);
    expect(images.body.rows[0].url).toMatch(/^data:image\//);
  });

  it("refuses another client's product with 403 access denied, and unknown ids alike", async () => {
    const base = { report: 'account/metrics', ...last30() };
    const stranger = await report(f.cookies.stranger, { ...base, productId: f.productId });
    expect(stranger.status).toBe(403);
    expect(stranger.body.reason).toBe('access denied');
    const unknown = await report(f.cookies.client, { ...base, productId: 999_999 });
    expect(unknown.status).toBe(403);
    const admin = await report(f.cookies.admin, { ...base, productId: 999_999 });
    expect(admin.status).toBe(404);
    const notAds = await report(f.cookies.client, { ...base, productId: f.otherProductId });
    expect(notAds.status).toBe(404);
    for (const name of ['campaigns/schedules', 'info/ads', 'assets/images']) {
      const res = await report(f.cookies.stranger, { report: name, productId: f.productId });
      expect(res.status, name).toBe(403);
    }
  });

  it('refuses the estimator to a client (staff only; estimator.api.test.ts has the rest), and bad input with field errors', async () => {
    const estimator = await report(f.cookies.client, {
      report: 'estimator/calculate',
      keywords: ['water heater repair'],
      geoTarget: '21176',
      monthlyBudgetCents: 150_000,
    });
    expect(estimator.status).toBe(403);
    const bad = await report(f.cookies.client, {
      report: 'account/metrics',
      productId: f.productId,
      from: '2025-13-01',
      to: today(),
    });
    expect(bad.status).toBe(400);
    const backwards = await report(f.cookies.client, {
      report: 'account/metrics',
      productId: f.productId,
      from: today(),
      to: addDays(today(), -5),
    });
    expect(backwards.status).toBe(400);
    const unknown = await report(f.cookies.client, { report: 'nope', productId: f.productId });
    expect(unknown.status).toBe(400);
  });
});

describe('geo targets', () => {
  const get = (url: string) =>
    app.inject({ method: 'GET', url, headers: { cookie: f.cookies.client } });

  it('searches, lists the US ones paged, and finds one by its criteria id', async () => {
    const search = await get('/api/googleads/geotargets?q=illinois&type=State');
    expect(search.json().rows[0]).toMatchObject({
      criteriaId: '21147',
      name: 'Illinois',
      targetType: 'State',
    });
    const us = await get('/api/googleads/geotargets/us?page=2&pageSize=10');
    expect(us.json()).toMatchObject({ page: 2, pageSize: 10 });
    expect(us.json().total).toBeGreaterThan(1000);
    expect((await get('/api/googleads/geotargets/2840')).json().name).toBe('United States');
    expect((await get('/api/googleads/geotargets/99999')).statusCode).toBe(404);
    expect((await get('/api/googleads/geotargets/abc')).statusCode).toBe(400);
  });
});
