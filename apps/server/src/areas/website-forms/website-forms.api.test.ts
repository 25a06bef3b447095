import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productInstances, websiteFormSubmissions, websiteSites } from '../../kernel/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { websiteFixture } from '../websites/websites.test-setup';
import { FORM_RATE } from './website-forms.service';

let testApp: TestApp;
let app: FastifyInstance;
let fixture: Awaited<ReturnType<typeof websiteFixture>>;
let contactProductId = 0;
const events: { type: string; payload: unknown }[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  const publish = app.realtime.publish.bind(app.realtime);
  app.realtime.publish = (event) => {
    events.push(event);
    publish(event);
  };
  fixture = await websiteFixture(app);
  // The fixture's `website` product has the demo site; an OMG InContact product of the same
  // company gets its own demo site, as the seed gives it.
  const db = app.database.db;
  const [product] = await db
    .insert(productInstances)
    .values({
      companyId: fixture.companyId,
      productSlug: 'omgincontact',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 12_900,
    })
    .returning();
  contactProductId = product?.id ?? 0;
  await db.insert(websiteSites).values({
    companyId: fixture.companyId,
    productInstanceId: contactProductId,
    url: `/demo-sites/${fixture.demoSlug}-contact`,
    isDemo: true,
    demoSlug: `${fixture.demoSlug}-contact`,
  });
});
afterAll(() => app.close());

let ip = 0;
/** Each test posts from its own address, so the per-address limit is the test's own. */
const nextIp = () => `203.0.113.${++ip}`;
function post(slug: string, form: Record<string, string>, remoteAddress = nextIp()) {
  return app.inject({
    method: 'POST',
    url: `/demo-sites/${slug}/contact`,
    remoteAddress,
    headers: {
      origin: TEST_ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      referer: `${TEST_ORIGIN}/demo-sites/${slug}/contact`,
      'user-agent': 'Mozilla/5.0 (iPhone) Test',
    },
    payload: new URLSearchParams(form).toString(),
  });
}
const slug = () => `${fixture.demoSlug}-contact`;
const list = (cookie: string, query = '', api = 'omgincontact', productId = contactProductId) =>
  app.inject({
    method: 'GET',
    url: `/api/uni/products/${api}/${productId}/submissions${query}`,
    headers: { cookie, origin: TEST_ORIGIN },
  });
const rowsOfSlug = async () => {
  const [site] = await app.database.db
    .select()
    .from(websiteSites)
    .where(eq(websiteSites.demoSlug, slug()));
  return app.database.db
    .select()
    .from(websiteFormSubmissions)
    .where(eq(websiteFormSubmissions.siteId, site?.id ?? 0));
};

describe('contact form of a demo site', () => {
  it('stores a valid message as a lead-friendly row and thanks the visitor', async () => {
    const res = await post(slug(), {
      name: '  Maria Garcia ',
      email: 'Maria.Garcia@Example.COM',
      phone: '(512) 555-0199',
      message: 'Could you come and look at a leak on Tuesday?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('Thank you');
    const rows = await rowsOfSlug();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      companyId: fixture.companyId,
      productInstanceId: contactProductId,
      name: 'Maria Garcia',
      email: 'maria.garcia@example.com',
      phone: '+15125550199',
      page: `/demo-sites/${slug()}/contact`,
      userAgent: 'Mozilla/5.0 (iPhone) Test',
    });
    expect(events.filter((e) => e.type === 'website-form.submitted').at(-1)).toMatchObject({
      payload: {
        companyId: fixture.companyId,
        productId: contactProductId,
        submissionId: rows[0]?.id,
      },
    });
  });

  it('answers a clear error page for missing or bad fields, and stores nothing', async () => {
    const noContact = await post(slug(), { name: 'Tom', message: 'Please call me back soon.' });
    expect(noContact.statusCode).toBe(400);
    expect(noContact.body).toContain('Please give an email address or a phone number');
    const short = await post(slug(), { name: '', email: 'not-an-email', message: 'hi' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Please give your name.');
    expect(short.body).toContain('That email address does not look right.');
    expect(short.body).toContain('at least 10 characters');
    const badPhone = await post(slug(), {
      name: 'Tom',
      phone: '12',
      message: 'Please call me back soon.',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.body).toContain('phone number does not look right');
    const long = await post(slug(), { name: 'Tom', email: 't@x.com', message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const html = await post(slug(), {
      name: '<script>x</script>',
      email: 't@x.com',
      message: '<b>hello there</b>',
    });
    expect(html.statusCode).toBe(200);
    expect(await rowsOfSlug()).toHaveLength(2);
  });

  it('thanks a bot that filled the honeypot, and stores nothing', async () => {
    const res = await post(slug(), {
      name: 'Spam Bot',
      email: 'bot@spam.example',
      message: 'Buy cheap followers now!!!',
      website: 'https://spam.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thank you');
    expect(await rowsOfSlug()).toHaveLength(2);
  });

  it('limits messages per address, refuses unknown sites, bodies that are not forms and huge ones', async () => {
    const address = nextIp();
    const form = { name: 'Rita', email: 'rita@example.com', message: 'Hello, is anyone there?' };
    for (let i = 0; i < FORM_RATE.max; i++)
      expect((await post(slug(), form, address)).statusCode).toBe(200);
    const limited = await post(slug(), form, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many messages');
    expect((await post(slug(), form)).statusCode).toBe(200);

    expect((await post('no-such-site', form)).statusCode).toBe(404);
    expect((await post('../etc', form)).statusCode).toBe(404);
    // A public form touches no session: a browser under no-referrer sends `Origin: null`,
    // and a client's own site posts from its own origin.
    const foreign = await app.inject({
      method: 'POST',
      url: `/demo-sites/${slug()}/contact`,
      remoteAddress: nextIp(),
      headers: { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ann&email=a%40b.co&message=hello%20there%20friend',
    });
    expect(foreign.statusCode).toBe(200);
    // A body that is not a form has none of its fields: the error page.
    const plain = await app.inject({
      method: 'POST',
      url: `/demo-sites/${slug()}/contact`,
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, 'content-type': 'text/plain' },
      payload: 'name=Ann',
    });
    expect(plain.statusCode).toBe(400);
    const huge = await post(slug(), { ...form, message: 'x'.repeat(20_000) });
    expect(huge.statusCode).toBe(413);
  });
});

describe('submissions route', () => {
  it('lists the site’s messages newest first, paged, filtered by text and days', async () => {
    const client = fixture.cookies.client;
    const all = await list(client, '?pageSize=3');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.total).toBe(2 + FORM_RATE.max + 2);
    expect(body.items).toHaveLength(3);
    expect(body.site).toMatchObject({ isDemo: true });
    const times = body.items.map((i: { receivedAt: string }) => i.receivedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (await list(client, '?pageSize=3&page=2')).json();
    expect(page2.items[0].id).not.toBe(body.items[0].id);

    const maria = (await list(client, '?q=maria.garcia')).json();
    expect(maria.items.map((i: { name: string }) => i.name)).toEqual(['Maria Garcia']);
    expect((await list(client, '?q=%25')).json().total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(client, `?from=${today}&to=${today}&tz=UTC`)).json().total).toBe(body.total);
    expect((await list(client, '?from=2020-01-01&to=2020-01-31&tz=UTC')).json().total).toBe(0);
  });

  it('answers bad queries with 400, other clients with 403, and a product of another kind with 404', async () => {
    expect((await list(fixture.cookies.client, '?from=2026-01-05')).statusCode).toBe(400);
    expect((await list(fixture.cookies.client, '?pageSize=1000')).statusCode).toBe(400);
    expect((await list(fixture.cookies.client, '?tz=Mars/Olympus')).statusCode).toBe(400);
    expect((await list(fixture.cookies.stranger)).statusCode).toBe(403);
    expect((await list(fixture.cookies.employee)).statusCode).toBe(200);
    expect((await list(fixture.cookies.employee, '', 'hosting')).statusCode).toBe(404);
    const empty = (await list(fixture.cookies.employee, '', 'website', fixture.productId)).json();
    expect(empty).toMatchObject({ items: [], total: 0 });
  });
});
