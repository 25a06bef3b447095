import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  clientMembers,
  employeeAssignments,
  productInstances,
  users,
} from '../../kernel/db/schema';
import type { DomainEvent } from '../../platform/realtime/event-bus';
import { createTestApp, sessionCookieOf, TEST_ORIGIN } from '../../test/test-app';

let app: FastifyInstance;
const ids = { a: 0, b: 0, productA: 0, productB: 0 };
const cookies: Record<string, string> = {};
let events: DomainEvent[] = [];
/** Called after each event is recorded: wakes a test waiting in `published`. */
let onEvent = () => {};

beforeAll(async () => {
  ({ app } = await createTestApp());
  app.realtime.onChange((event) => {
    events.push(event);
    onEvent();
  });
  const db = app.database.db;
  const [a, b] = await db
    .insert(clientCompanies)
    .values([
      { name: 'Support Plumbing', label: 'A' },
      { name: 'Support Dental', label: 'B' },
    ])
    .returning();
  ids.a = a?.id ?? 0;
  ids.b = b?.id ?? 0;
  const [productA, productB] = await db
    .insert(productInstances)
    .values([
      {
        companyId: ids.a,
        productSlug: 'google-business-pro',
        status: 'active',
        startDate: '2024-02-01',
        monthlyPriceCents: 29_900,
      },
      {
        companyId: ids.b,
        productSlug: 'facebook-ads',
        status: 'active',
        startDate: '2024-03-01',
        monthlyPriceCents: 19_900,
      },
    ])
    .returning();
  ids.productA = productA?.id ?? 0;
  ids.productB = productB?.id ?? 0;
  const people = await db
    .insert(users)
    .values([
      { email: 'client-a@sr.test', firstName: 'Alice', lastName: 'Client' },
      { email: 'client-b@sr.test', firstName: 'Bob', lastName: 'Client' },
      { email: 'staff-a@sr.test', firstName: 'Erin', lastName: 'Staff', perm: true },
      { email: 'staff-b@sr.test', firstName: 'Finn', lastName: 'Staff', perm: true },
      { email: 'admin@sr.test', firstName: 'Ada', lastName: 'Admin', admin: true },
    ])
    .returning();
  const [clientA, clientB, staffA, staffB, admin] = people.map((p) => p.id ?? 0);
  await db.insert(clientMembers).values([
    { userId: clientA ?? 0, companyId: ids.a },
    { userId: clientB ?? 0, companyId: ids.b },
  ]);
  await db.insert(employeeAssignments).values([
    { userId: staffA ?? 0, companyId: ids.a },
    { userId: staffB ?? 0, companyId: ids.b },
  ]);
  for (const [who, id] of Object.entries({ clientA, clientB, staffA, staffB, admin })) {
    cookies[who] = await sessionCookieOf(app, id ?? 0);
  }
});
afterAll(() => app.close());
beforeEach(() => {
  events = [];
});

function call(who: string, method: InjectOptions['method'], url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: cookies[who] },
    ...(payload && { payload }),
  });
}

const ask = (who: string, productId: number, subject: string) =>
  call(who, 'POST', `/api/uni/products/support/${productId}`, {
    subject,
    message: 'The listing shows last year’s opening hours.',
  });

/**
 * Events arrive asynchronously (on PostgreSQL through LISTEN/NOTIFY, possibly after the
 * next request has started): wait until one of the type, matching `where`, has arrived.
 */
async function published(
  type: string,
  where: (event: DomainEvent) => boolean = () => true,
): Promise<DomainEvent[]> {
  const matching = () => events.filter((e) => e.type === type && where(e));
  if (matching().length === 0) {
    // Woken by each event as it arrives; after 10 s the empty answer fails the test.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      onEvent = () => {
        if (matching().length === 0) return;
        clearTimeout(timer);
        resolve();
      };
    });
    onEvent = () => {};
  }
  return matching();
}

describe('client side: /api/uni/products/support/:productId', () => {
  it('creates a request (201) with its product, company and author, and announces it', async () => {
    const res = await ask('clientA', ids.productA, 'Opening hours');
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      companyId: ids.a,
      companyName: 'Support Plumbing',
      productId: ids.productA,
      productSlug: 'google-business-pro',
      productName: 'Google Business Pro',
      subject: 'Opening hours',
      status: 'open',
      authorName: 'Alice Client',
      reply: null,
      repliedBy: null,
    });
    // The publishing process hears its own event too (as every process does), so it may
    // arrive twice here; what matters is what it says and to whom.
    expect(
      await published(
        'support-request.changed',
        (e) => (e.payload as { requestId?: number }).requestId === created.id,
      ),
    ).toContainEqual({
      type: 'support-request.changed',
      payload: {
        companyId: ids.a,
        productId: ids.productA,
        requestId: created.id,
        status: 'open',
        change: 'created',
      },
      audience: { client: ids.a },
    });
  });

  it('lists the product’s requests, newest first', async () => {
    await ask('clientA', ids.productA, 'Second question');
    const res = await call('clientA', 'GET', `/api/uni/products/support/${ids.productA}`);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect(list.items[0].subject).toBe('Second question');
    expect(list.items.every((r: { productId: number }) => r.productId === ids.productA)).toBe(true);
  });

  it('refuses a client of another company (403) and names nothing of it', async () => {
    const listed = await call('clientB', 'GET', `/api/uni/products/support/${ids.productA}`);
    expect(listed.statusCode).toBe(403);
    expect(listed.body).not.toContain('Support Plumbing');
    expect((await ask('clientB', ids.productA, 'Not mine')).statusCode).toBe(403);
  });

  it('refuses bad input with 400 and the field messages, writing nothing', async () => {
    const before = (
      await call('clientA', 'GET', `/api/uni/products/support/${ids.productA}`)
    ).json().total;
    const res = await call('clientA', 'POST', `/api/uni/products/support/${ids.productA}`, {
      subject: 'a',
      message: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        { path: 'body.subject', message: 'Give the request a subject.' },
        { path: 'body.message', message: 'Say a little more (10 characters at least).' },
      ]),
    );
    const after = (await call('clientA', 'GET', `/api/uni/products/support/${ids.productA}`)).json()
      .total;
    expect(after).toBe(before);
  });
});

describe('staff side: /api/support-requests', () => {
  it('lists only the requests of the companies the employee is assigned to', async () => {
    await ask('clientB', ids.productB, 'Ad budget');
    const forA = (await call('staffA', 'GET', '/api/support-requests?status=all')).json();
    expect(forA.items.length).toBeGreaterThan(0);
    expect(forA.items.every((r: { companyId: number }) => r.companyId === ids.a)).toBe(true);
    const forB = (await call('staffB', 'GET', '/api/support-requests')).json();
    expect(forB.items.map((r: { subject: string }) => r.subject)).toEqual(['Ad budget']);
    const forAdmin = (await call('admin', 'GET', '/api/support-requests?status=all')).json();
    expect(new Set(forAdmin.items.map((r: { companyId: number }) => r.companyId))).toEqual(
      new Set([ids.a, ids.b]),
    );
  });

  it('pages newest first, with the total of the whole filter', async () => {
    const page = (await call('staffA', 'GET', '/api/support-requests?status=all&limit=1')).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
    const next = (
      await call('staffA', 'GET', '/api/support-requests?status=all&limit=1&offset=1')
    ).json();
    expect(next.items[0].id).not.toBe(page.items[0].id);
    expect(Date.parse(next.items[0].createdAt)).toBeLessThanOrEqual(
      Date.parse(page.items[0].createdAt),
    );
  });

  it('replies and closes; the client then sees the reply; the change is announced', async () => {
    const created = (await ask('clientA', ids.productA, 'Photos missing')).json();
    events = [];
    const replied = await call('staffA', 'POST', `/api/support-requests/${created.id}`, {
      reply: 'We re-uploaded them this morning.',
      status: 'closed',
    });
    expect(replied.statusCode).toBe(200);
    expect(replied.json()).toMatchObject({
      status: 'closed',
      reply: 'We re-uploaded them this morning.',
      repliedBy: 'Erin Staff',
    });
    expect(replied.json().repliedAt).toEqual(expect.any(String));
    const [event] = await published(
      'support-request.changed',
      (e) => (e.payload as { change?: string }).change === 'replied',
    );
    expect(event).toMatchObject({
      payload: { requestId: created.id, status: 'closed', change: 'replied' },
      audience: { client: ids.a },
    });

    const seen = (await call('clientA', 'GET', `/api/uni/products/support/${ids.productA}`)).json();
    expect(seen.items.find((r: { id: number }) => r.id === created.id)).toMatchObject({
      status: 'closed',
      reply: 'We re-uploaded them this morning.',
    });
    const open = (await call('staffA', 'GET', '/api/support-requests?status=open')).json();
    expect(open.items.some((r: { id: number }) => r.id === created.id)).toBe(false);
    const closed = (await call('staffA', 'GET', '/api/support-requests?status=closed')).json();
    expect(closed.items.some((r: { id: number }) => r.id === created.id)).toBe(true);

    events = [];
    const reopened = await call('staffA', 'POST', `/api/support-requests/${created.id}`, {
      status: 'open',
    });
    expect(reopened.json()).toMatchObject({
      status: 'open',
      reply: 'We re-uploaded them this morning.',
    });
    const reopenedEvents = await published(
      'support-request.changed',
      (e) => (e.payload as { change?: string }).change === 'status',
    );
    expect(reopenedEvents[0]?.payload).toMatchObject({
      change: 'status',
      status: 'open',
    });
  });

  it('answers 404 to an employee not assigned to the request’s company, changing nothing', async () => {
    const created = (await ask('clientA', ids.productA, 'Not for Finn')).json();
    const res = await call('staffB', 'POST', `/api/support-requests/${created.id}`, {
      status: 'closed',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No such support request.');
    expect(res.body).not.toContain('Support Plumbing');
    const still = (await call('staffA', 'GET', '/api/support-requests?status=open')).json();
    expect(still.items.some((r: { id: number }) => r.id === created.id)).toBe(true);
    expect(
      (await call('staffA', 'POST', '/api/support-requests/999999', { status: 'closed' }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses clients (403) and an empty answer (400)', async () => {
    expect((await call('clientA', 'GET', '/api/support-requests')).statusCode).toBe(403);
    const created = (await ask('clientA', ids.productA, 'Empty answer')).json();
    expect(
      (await call('clientA', 'POST', `/api/support-requests/${created.id}`, { status: 'closed' }))
        .statusCode,
    ).toBe(403);
    const empty = await call('staffA', 'POST', `/api/support-requests/${created.id}`, {
      reply: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([
      { path: 'body.reply', message: 'Write a reply, or close or reopen the request.' },
    ]);
  });
});
