import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pageSpeedJobs,
  pageSpeedRuns,
  productInstances,
  websiteSites,
} from '../../kernel/db/schema';
import { PRIVATE_SITE_MESSAGE } from '../../providers/page-speed/site-page-fetch';
import { appWithJobs, waitFor } from '../../test/job-test-helpers';
import type { TestApp } from '../../test/test-app';
import { websiteCall, websiteFixture } from '../websites/websites.test-setup';

let testApp: TestApp;
let app: FastifyInstance;
let fixture: Awaited<ReturnType<typeof websiteFixture>>;
const events: { type: string; payload: { jobId?: number; state?: string } }[] = [];
/** Where a site pointed at a private address would land: it must never be reached. */
let trap: http.Server;
let trapHits = 0;

beforeAll(async () => {
  testApp = await appWithJobs([]);
  app = testApp.app;
  // Demo sites are fetched over HTTP from the app's own origin, so it listens.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const publish = app.realtime.publish.bind(app.realtime);
  app.realtime.publish = (event) => {
    events.push(event as (typeof events)[number]);
    publish(event);
  };
  fixture = await websiteFixture(app);
  trap = http.createServer((_req, res) => {
    trapHits++;
    res.end('<html><title>secret</title></html>');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
}, 60_000);
afterAll(async () => {
  trap.closeAllConnections();
  await new Promise((resolve) => trap.close(resolve));
  await app.close();
});

const url = (productId: number, api = 'website') =>
  `/api/uni/products/${api}/${productId}/pagespeed`;
const jobRow = (id: number) =>
  app.database.db
    .select()
    .from(pageSpeedJobs)
    .where(eq(pageSpeedJobs.id, id))
    .then((r) => r[0]);
const finished = (id: number) =>
  waitFor(async () => {
    const row = await jobRow(id);
    return row && (row.state === 'done' || row.state === 'failed') ? row : null;
  }, 30_000);

/** A website product of the fixture's company whose site is `siteUrl` (not a demo site). */
async function productWithSite(siteUrl: string) {
  const db = app.database.db;
  const [product] = await db
    .insert(productInstances)
    .values({
      companyId: fixture.companyId,
      productSlug: 'powerpage',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 9900,
    })
    .returning();
  await db
    .insert(websiteSites)
    .values({ companyId: fixture.companyId, productInstanceId: product?.id ?? 0, url: siteUrl });
  return product?.id ?? 0;
}

describe('page speed', () => {
  it('runs "Run now" as a job: queued → mobile → desktop → done, scores stored and reported', async () => {
    const client = websiteCall(app, fixture.cookies.client);
    const before = await client.post(url(fixture.productId));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      source: 'demo',
      latest: { mobile: null, desktop: null },
      history: [],
      job: null,
    });

    const started = await client.post(`${url(fixture.productId)}/run`);
    expect(started.statusCode).toBe(202);
    const { job } = started.json();
    expect(job).toMatchObject({ state: 'queued', origin: 'manual' });
    const done = await finished(job.id);
    expect(done.state).toBe('done');
    expect(
      events
        .filter((e) => e.type === 'page-speed.progress' && e.payload.jobId === job.id)
        .map((e) => e.payload.state),
    ).toEqual(['queued', 'running-mobile', 'running-desktop', 'done']);

    const runs = await app.database.db
      .select()
      .from(pageSpeedRuns)
      .where(eq(pageSpeedRuns.jobId, job.id));
    expect(runs.map((r) => r.strategy).sort()).toEqual(['desktop', 'mobile']);
    const report = (await client.post(url(fixture.productId))).json();
    expect(report.job).toMatchObject({ id: job.id, state: 'done' });
    for (const strategy of ['mobile', 'desktop'] as const) {
      expect(report.latest[strategy]).toMatchObject({ status: 'done', strategy });
      for (const score of Object.values(report.latest[strategy].scores as Record<string, number>)) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
      }
    }
    // The demo site is a real page: lang, title, viewport, no script → SEO and a11y near full.
    expect(report.latest.desktop.scores.seo).toBeGreaterThanOrEqual(85);
    expect(report.latest.mobile.scores.performance).toBeLessThanOrEqual(
      report.latest.desktop.scores.performance,
    );
    expect(report.history).toHaveLength(1);
    expect(report.nextRunAt).not.toBeNull();

    // One manual run per site every two minutes, said plainly.
    const again = await client.post(`${url(fixture.productId)}/run`);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    expect(again.json().error.message).toMatch(/Try again in \d+ s/);
  }, 60_000);

  it('is the company’s only: others are refused, and the path must name the product’s own API', async () => {
    const stranger = websiteCall(app, fixture.cookies.stranger);
    expect((await stranger.post(url(fixture.productId))).statusCode).toBe(403);
    expect((await stranger.post(`${url(fixture.productId)}/run`)).statusCode).toBe(403);
    const employee = websiteCall(app, fixture.cookies.employee);
    expect((await employee.post(url(fixture.productId, 'hosting'))).statusCode).toBe(404);
    expect((await employee.post(url(fixture.productId))).statusCode).toBe(200);
    const viaGateway = await employee.viaGateway('POST', url(fixture.productId));
    expect(viaGateway.statusCode).toBe(200);
  });

  it('refuses a site whose stored URL points at a private or loopback address, with the reason', async () => {
    const port = (trap.address() as AddressInfo).port;
    const employee = websiteCall(app, fixture.cookies.employee);
    for (const siteUrl of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      'http://[::ffff:10.0.0.5]/',
    ]) {
      const productId = await productWithSite(siteUrl);
      const started = await employee.post(`/api/uni/products/powerpage/${productId}/pagespeed/run`);
      expect(started.statusCode).toBe(202);
      const done = await finished(started.json().job.id);
      expect(done.state).toBe('failed');
      expect(done.error).toBe(PRIVATE_SITE_MESSAGE);
      const report = (
        await employee.post(`/api/uni/products/powerpage/${productId}/pagespeed`)
      ).json();
      expect(report.job).toMatchObject({ state: 'failed', error: PRIVATE_SITE_MESSAGE });
      expect(report.latest).toEqual({ mobile: null, desktop: null });
    }
    expect(trapHits).toBe(0);
  }, 60_000);

  it('the monthly schedule queues one run per site without a recent one', async () => {
    const queued = await app.areas['page-speed'].pageSpeed.scheduleMonthly();
    expect(queued).toBeGreaterThanOrEqual(1);
    const jobs = await app.database.db
      .select()
      .from(pageSpeedJobs)
      .where(eq(pageSpeedJobs.origin, 'scheduled'));
    expect(jobs.some((j) => j.productInstanceId === fixture.otherProductId)).toBe(true);
    // The fixture's own site was measured a moment ago: not due.
    expect(jobs.some((j) => j.productInstanceId === fixture.productId)).toBe(false);
  });
});
