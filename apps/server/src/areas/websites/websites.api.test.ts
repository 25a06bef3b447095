import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, websiteIncidents, websiteSites } from '../../kernel/db/schema';
import type { DomainEvent } from '../../platform/realtime/event-bus';
import { WORKERS_ON, waitFor } from '../../test/job-test-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PRIVATE_ADDRESS_MESSAGE } from './site-url-policy';
import { websiteCall, websiteFixture } from './websites.test-setup';

let t: TestApp;
let fx: Awaited<ReturnType<typeof websiteFixture>>;
let origin: string;
const events: DomainEvent[] = [];
const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const range = { from: day(-29), to: day(0) };

beforeAll(async () => {
  t = await createTestApp({ config: { jobs: WORKERS_ON } });
  // The checker reaches demo sites over real HTTP at the app's own listening address.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  t.app.realtime.onChange((event) => events.push(event));
  fx = await websiteFixture(t.app);
}, 60_000);
afterAll(async () => {
  await t?.app.close();
  await t?.database.close();
});

const staff = () => websiteCall(t.app, fx.cookies.employee);
const report = (cookie: string, productId = fx.productId) =>
  websiteCall(t.app, cookie).post(`/api/uni/products/website/${productId}/uptime`, range);

describe('demo sites', () => {
  it('serves the business’s pages with a strict CSP, and 404 for unknown sites', async () => {
    const home = await fetch(`${origin}/demo-sites/${fx.demoSlug}`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await home.text();
    expect(html).toContain('Roofing');
    expect(html).toContain('(512) 555-0142');
    expect(html).toContain('roof &lt;replacement&gt;');
    expect(html).not.toContain('<script');
    const contact = await (await fetch(`${origin}/demo-sites/${fx.demoSlug}/contact`)).text();
    expect(contact).toContain(`<form method="post" action="/demo-sites/${fx.demoSlug}/contact">`);
    expect((await fetch(`${origin}/demo-sites/${fx.demoSlug}/about`)).status).toBe(200);
    expect((await fetch(`${origin}/demo-sites/no-such-site`)).status).toBe(404);
    expect((await fetch(`${origin}/demo-sites/..%2Fetc`)).status).toBe(404);
  });
});

describe('uptime checks, incidents and the staff controls', () => {
  it('checks the demo site over HTTP: up, then down after two failures, then up again', async () => {
    const first = await staff().post(`/api/uni/products/website/${fx.productId}/check`);
    expect(first.statusCode).toBe(200);
    expect(first.json().site).toMatchObject({ status: 'up', lastStatusCode: 200 });
    expect(first.json().site.url).toBe(`${origin}/demo-sites/${fx.demoSlug}`);

    const down = await staff().post(`/api/uni/products/website/${fx.productId}/demo-site`, {
      down: true,
    });
    expect(down.json().site.demoDown).toBe(true);
    expect((await fetch(`${origin}/demo-sites/${fx.demoSlug}`)).status).toBe(503);

    // One failed check is not an incident yet.
    const once = await staff().post(`/api/uni/products/website/${fx.productId}/check`);
    expect(once.json().site).toMatchObject({
      status: 'up',
      lastStatusCode: 503,
      lastErrorKind: 'http_5xx',
    });
    const twice = await staff().post(`/api/uni/products/website/${fx.productId}/check`);
    expect(twice.json().site).toMatchObject({ status: 'down', lastErrorKind: 'http_5xx' });

    const [incident] = await t.app.database.db
      .select()
      .from(websiteIncidents)
      .where(eq(websiteIncidents.siteId, fx.siteId));
    expect(incident).toMatchObject({ endedAt: null, cause: 'http_5xx', statusCode: 503 });
    const [alert] = await t.app.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.id, incident?.alertId ?? 0));
    expect(alert).toMatchObject({ companyId: fx.companyId, kind: 'uptime' });
    expect(
      events.some(
        (e) =>
          e.type === 'website.checked' &&
          (e.payload as { incident: string }).incident === 'opened' &&
          JSON.stringify(e.audience) === JSON.stringify({ client: fx.companyId }),
      ),
    ).toBe(true);

    // The client sees it: status, the open incident, today's strip bar with downtime.
    const seen = await report(fx.cookies.client);
    expect(seen.statusCode).toBe(200);
    const body = seen.json();
    expect(body.site.status).toBe('down');
    expect(body.incidents[0]).toMatchObject({ endedAt: null, cause: 'http_5xx' });
    expect(body.days).toHaveLength(90);
    expect(body.days[89]).toMatchObject({ down: 10, up: 5 });
    expect(body.recentChecks).toHaveLength(3);

    await staff().post(`/api/uni/products/website/${fx.productId}/demo-site`, { down: false });
    const back = await staff().post(`/api/uni/products/website/${fx.productId}/check`);
    expect(back.json().site).toMatchObject({ status: 'up', lastStatusCode: 200 });
    const [closed] = await t.app.database.db
      .select()
      .from(websiteIncidents)
      .where(eq(websiteIncidents.siteId, fx.siteId));
    expect(closed?.endedAt).not.toBeNull();
    expect(events.some((e) => (e.payload as { incident?: string }).incident === 'closed')).toBe(
      true,
    );
  });

  it('the 5-minute tick fans out one check job per site', async () => {
    const before = new Date();
    await t.app.jobs.send(t.app.areas.websites.websites.jobs.tick, {});
    await waitFor(async () => {
      const rows = await t.app.database.db.select().from(websiteSites);
      return rows.every((r) => r.lastCheckedAt && r.lastCheckedAt >= before);
    }, 20_000);
  });
});

describe('the performance report’s web source', () => {
  it('is real now: the checks, minutes down and incidents of the company’s sites by day', async () => {
    const client = websiteCall(t.app, fx.cookies.client);
    const sources = await client.viaGateway(
      'GET',
      `/api/uni/charts/performancereport/sources/${fx.companyId}`,
    );
    expect(sources.json().sources.map((s: { source: string }) => s.source)).toContain('web');
    const res = await client.post(`/api/uni/charts/performancereport/web/${fx.companyId}`, range);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.metrics.map((m: { key: string }) => m.key)).toEqual([
      'checks',
      'downMinutes',
      'incidents',
    ]);
    expect(body.totals.checks).toBeGreaterThanOrEqual(4);
    expect(body.totals.downMinutes).toBe(10);
    expect(body.totals.incidents).toBe(1);
    expect(body.lastSyncedAt).not.toBeNull();
  });
});

describe('setting a site URL', () => {
  const put = (url: string, cookie = fx.cookies.employee) =>
    websiteCall(t.app, cookie).put(`/api/uni/products/website/${fx.otherProductId}/site`, { url });

  it.each([
    'http://127.0.0.1/',
    'http://10.1.2.3/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]:4100/',
    'http://localhost/',
  ])('refuses %s: a private address', async (url) => {
    const res = await put(url, fx.cookies.otherEmployee);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      url === 'http://localhost/'
        ? 'Use the site’s full domain name, e.g. example.com.'
        : PRIVATE_ADDRESS_MESSAGE,
    );
  });

  it('refuses other schemes with a clear message (400, not 500)', async () => {
    const res = await put('ftp://example.com/', fx.cookies.otherEmployee);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(/http:\/\/ or https:\/\//);
  });

  it('is for staff of the company only', async () => {
    expect((await put('https://example.com/', fx.cookies.employee)).statusCode).toBe(403);
    const client = await websiteCall(t.app, fx.cookies.stranger).put(
      `/api/uni/products/website/${fx.otherProductId}/site`,
      { url: 'https://example.com/' },
    );
    expect(client.statusCode).toBe(403);
  });
});

describe('access', () => {
  it('a client reads their own report, through the gateway too, and nobody else’s', async () => {
    expect((await report(fx.cookies.client)).statusCode).toBe(200);
    const viaGateway = await websiteCall(t.app, fx.cookies.client).viaGateway(
      'POST',
      `/api/uni/products/website/${fx.productId}/uptime`,
      range,
    );
    expect(viaGateway.statusCode).toBe(200);
    expect((await report(fx.cookies.stranger)).statusCode).toBe(403);
    expect((await report(fx.cookies.client, fx.otherProductId)).statusCode).toBe(403);
  });

  it('a client cannot use the staff controls on their own product', async () => {
    const client = websiteCall(t.app, fx.cookies.client);
    expect((await client.post(`/api/uni/products/website/${fx.productId}/check`)).statusCode).toBe(
      403,
    );
    expect(
      (await client.post(`/api/uni/products/website/${fx.productId}/demo-site`, { down: true }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await client.put(`/api/uni/products/website/${fx.productId}/site`, {
          url: 'http://127.0.0.1/',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('bad input is 400', async () => {
    const res = await websiteCall(t.app, fx.cookies.client).post(
      `/api/uni/products/website/${fx.productId}/uptime`,
      { from: '2026-13-01', to: 'x' },
    );
    expect(res.statusCode).toBe(400);
  });
});
