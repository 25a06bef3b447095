import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, solicitationRequests } from '../../kernel/db/schema';
import { type AreaCallers, seedAreaCallers } from '../../test/area-callers';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import {
  messagesOf,
  type SolicitationFixture,
  solicitationFixture,
} from './solicitation.test-setup';

/**
 * The page's routes (SPEC §7 `reviewsolicitation/{id}{suffix}` and `/{a}/{b}/add`): the
 * summary, the history with its filters, a request's timeline, the totals, and the form's
 * create with its refusals, directly and through the gateway.
 */
describe('review solicitation page routes', () => {
  let t: TestApp;
  let f: SolicitationFixture;
  let other: SolicitationFixture;
  let callers: AreaCallers;
  let base: string;
  let addUrl: string;
  let run = 0;

  const as = (cookie: string) => ({ cookie, origin: TEST_ORIGIN });
  const get = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: as(cookie) });
  const add = (cookie: string, payload: Record<string, unknown>, url = addUrl) =>
    t.app.inject({ method: 'POST', url, headers: as(cookie), payload });
  const contact = (over: Record<string, string> = {}) => {
    run++;
    return { firstName: 'Dana', lastName: `Cruz${run}`, email: `dana${run}@example.com`, ...over };
  };
  const form = (contacts: Record<string, string>[], over: Record<string, unknown> = {}) => ({
    templateId: f.templateId,
    sendType: 'email',
    consent: true,
    contacts,
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    f = await solicitationFixture(t.app);
    other = await solicitationFixture(t.app);
    callers = await seedAreaCallers(t.app, t.database.db, {
      companyId: f.companyId,
      otherCompanyId: other.companyId,
      tag: 'sol-history',
    });
    base = `/api/uni/products/reviewsolicitation/${f.productId}`;
    addUrl = `/api/uni/products/reviewsolicitation/google-business-pro/${f.productId}/add`;
  }, 60_000);
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
  });

  it('summarises the page: product, company, review link, and that messages stay in the outbox', async () => {
    const res = await get(callers.client, base);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      product: { id: f.productId, slug: 'google-business-pro', name: 'Google Business Pro' },
      company: { id: f.companyId, timeZone: 'America/Chicago' },
      reviewLink: true,
      transports: { email: 'outbox', sms: 'demo' },
    });
    expect((await get(callers.employee, base)).statusCode).toBe(200);
    expect((await get(callers.stranger, base)).statusCode).toBe(403);
    expect((await get(callers.otherEmployee, base)).statusCode).toBe(403);
  });

  it('creates a request from the form, lists it masked, and shows its timeline', async () => {
    const c = contact({ phone: '(512) 555-0142' });
    const res = await add(callers.client, form([c], { sendType: 'both' }));
    expect(res.statusCode).toBe(201);
    const requestId = res.json().created[0].requestId as number;
    // No transport in tests: both messages are kept in the dev outbox.
    for (const m of await messagesOf(t.app, requestId))
      await t.app.areas['review-solicitation'].solicitation.sendNow(m.id);

    const list = await get(callers.client, `${base}/requests?q=${c.lastName}`);
    expect(list.statusCode).toBe(200);
    const [item] = list.json().items;
    expect(item).toMatchObject({
      id: requestId,
      contactName: `Dana ${c.lastName}`,
      phone: '•••-•••-0142',
      email: `d•••@example.com`,
      sendType: 'both',
    });
    expect(['held', 'scheduled']).toContain(item.status);
    // Kept in the outbox is never "sent".
    expect(item.sentAt).toBeNull();
    expect(JSON.stringify(list.json())).not.toContain(c.email);

    const detail = await get(callers.client, `${base}/requests/${requestId}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.consent.source).toBe('form');
    expect(body.templateName).toBe('Thanks');
    expect(body.messages.map((m: { channel: string }) => m.channel).sort()).toEqual([
      'email',
      'sms',
    ]);
    expect(body.events[0]).toMatchObject({ type: 'created', note: 'From the form' });

    // Another company's product cannot name this request.
    const otherBase = `/api/uni/products/reviewsolicitation/${other.productId}`;
    const cross = await get(callers.otherEmployee, `${otherBase}/requests/${requestId}`);
    expect(cross.statusCode).toBe(404);
    expect((await get(callers.stranger, `${base}/requests/${requestId}`)).statusCode).toBe(403);
  });

  it('refuses the same customer twice in 30 days with a clear 409, and a wrong product type with 404', async () => {
    const c = contact();
    expect((await add(callers.client, form([c]))).statusCode).toBe(201);
    const again = await add(callers.client, form([{ ...c, email: c.email.toUpperCase() }]));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(
      new RegExp(`Dana ${c.lastName} was asked for a review on .*once every 30 days`),
    );
    const wrongType = `/api/uni/products/reviewsolicitation/facebook-pro/${f.productId}/add`;
    expect((await add(callers.client, form([contact()]), wrongType)).statusCode).toBe(404);
    expect((await add(callers.stranger, form([contact()]))).statusCode).toBe(403);
  });

  it('names each bad field in a 400 and takes a later time in the company zone', async () => {
    const bad = await add(
      callers.client,
      form([{ firstName: '', email: 'nope' }], { consent: false }),
    );
    expect(bad.statusCode).toBe(400);
    const paths = bad.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.consent',
        'body.contacts.0.firstName',
        'body.contacts.0.email',
      ]),
    );
    const past = await add(callers.client, form([contact()], { scheduledFor: '2020-01-01T10:00' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details[0].path).toBe('body.scheduledFor');

    const year = new Date().getUTCFullYear() + 1;
    const later = await add(
      callers.client,
      form([contact()], { scheduledFor: `${year}-03-02T10:30` }),
    );
    expect(later.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(solicitationRequests)
      .where(eq(solicitationRequests.id, later.json().created[0].requestId));
    // 10:30 in Chicago (CST, UTC−6) on 2 March.
    expect(row?.scheduledFor.toISOString()).toBe(`${year}-03-02T16:30:00.000Z`);
    expect(row?.status).toBe('scheduled');
  });

  it('filters by status, channel, text and range, and pages by 25', async () => {
    const c = contact({ phone: '512-555-0199' });
    const res = await add(callers.client, form([c], { sendType: 'sms' }));
    const id = res.json().created[0].requestId as number;
    const ids = async (query: string) =>
      (await get(callers.client, `${base}/requests?${query}`))
        .json()
        .items.map((i: { id: number }) => i.id);
    expect(await ids('channel=sms')).toContain(id);
    expect(await ids('channel=email')).not.toContain(id);
    expect(await ids('q=0199')).toEqual([id]);
    expect(await ids('status=reviewed')).not.toContain(id);
    expect(await ids('from=2020-01-01&to=2020-01-31&tz=America/Chicago')).toEqual([]);
    const page = (await get(callers.client, `${base}/requests`)).json();
    expect(page.pageSize).toBe(25);
    expect(page.total).toBeGreaterThanOrEqual(4);
    const bad = await get(callers.client, `${base}/requests?status=lost`);
    expect(bad.statusCode).toBe(400);
  });

  it('counts totals and the weekly conversion from request to review in the company zone', async () => {
    const s = await solicitationFixture(t.app);
    const sBase = `/api/uni/products/reviewsolicitation/${s.productId}`;
    const made = s.input([
      { firstName: 'A', lastName: 'Ash', email: 'a@x.test' },
      { firstName: 'B', lastName: 'Birch', email: 'b@x.test' },
      { firstName: 'C', lastName: 'Cole', email: 'c@x.test' },
    ]);
    const created = await t.app.areas['review-solicitation'].solicitation.createRequests(made);
    const [a, b, c] = created.created.map((x) => x.requestId) as [number, number, number];
    // Monday 2 Feb 2026 00:30 in Chicago is Sunday evening's week in UTC: counted in Chicago's.
    const monday = new Date('2026-02-02T06:30:00Z');
    const db = t.database.db;
    await db
      .update(solicitationRequests)
      .set({ createdAt: monday })
      .where(eq(solicitationRequests.id, a));
    await db
      .update(solicitationRequests)
      .set({ createdAt: monday, clickedAt: monday, reviewedAt: monday, status: 'reviewed' })
      .where(eq(solicitationRequests.id, b));
    await db
      .update(solicitationRequests)
      .set({ createdAt: new Date('2026-02-10T18:00:00Z'), status: 'opted_out' })
      .where(eq(solicitationRequests.id, c));
    const res = await get(
      (
        await seedAreaCallers(t.app, db, {
          companyId: s.companyId,
          otherCompanyId: f.companyId,
          tag: 'stats',
        })
      ).client,
      `${sBase}/stats?from=2026-02-01&to=2026-02-28&tz=America/Chicago`,
    );
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.totals).toMatchObject({
      requests: 3,
      clicked: 1,
      reviewed: 1,
      optedOut: 1,
      sent: 0,
    });
    expect(stats.weeks[0]).toEqual({
      week: '2026-01-26',
      requests: 0,
      clicked: 0,
      reviewed: 0,
      rate: null,
    });
    expect(stats.weeks[1]).toEqual({
      week: '2026-02-02',
      requests: 2,
      clicked: 1,
      reviewed: 1,
      rate: 0.5,
    });
    expect(stats.weeks[2]).toMatchObject({ week: '2026-02-09', requests: 1, rate: 0 });
    expect(stats.weeks.at(-1).week).toBe('2026-02-23');
  });

  it('answers both SPEC §7 routes through the gateway for the owner and refuses a stranger', async () => {
    const through = (cookie: string, method: string, url: string, data?: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/database/request',
        headers: as(cookie),
        payload: { method, url, ...(data ? { data } : {}) },
      });
    expect((await through(callers.client, 'GET', `${base}/stats`)).statusCode).toBe(200);
    expect((await through(callers.client, 'GET', `${base}/requests?page=1`)).statusCode).toBe(200);
    const made = await through(callers.client, 'POST', addUrl, form([contact()]));
    expect(made.statusCode).toBe(201);
    expect((await through(callers.stranger, 'GET', base)).statusCode).toBe(403);
    expect((await through(callers.stranger, 'POST', addUrl, form([contact()]))).statusCode).toBe(
      403,
    );
  });

  it('says when the company has no Google place id to link to', async () => {
    await t.database.db
      .update(clientCompanies)
      .set({ googlePlaceId: null })
      .where(eq(clientCompanies.id, other.companyId));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/uni/products/reviewsolicitation/${other.productId}`,
      headers: as(callers.otherEmployee),
    });
    expect(res.json().reviewLink).toBe(false);
  });
});
