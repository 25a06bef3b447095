import type { LeadDetail, LeadsPage } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  clientCompanies,
  ctCalls,
  customerLeads,
  productInstances,
  vendorConnections,
  websiteFormSubmissions,
  websiteSites,
} from '../../kernel/db/schema';
import { CALL_TRACKING_VENDOR } from '../../providers/kernel/vendor-ids';
import { type AreaCallers, seedAreaCallers } from '../../test/area-callers';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';

let t: TestApp;
let company = 0;
let other = 0;
let callers: AreaCallers;
const DAY = 86_400_000;
const now = Date.now();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [a, b] = await db
    .insert(clientCompanies)
    .values([
      { name: 'Leads Plumbing', label: 'LP', timeZone: 'America/Chicago' },
      { name: 'Other Dental', label: 'OD' },
    ])
    .returning();
  company = a?.id ?? 0;
  other = b?.id ?? 0;
  callers = await seedAreaCallers(t.app, db, {
    companyId: company,
    otherCompanyId: other,
    tag: 'leads',
  });
  const [connection] = await db
    .insert(vendorConnections)
    .values({
      companyId: company,
      vendor: CALL_TRACKING_VENDOR,
      externalAccount: 'CT1',
      displayName: 'CT',
    })
    .returning();
  const [product] = await db
    .insert(productInstances)
    .values({
      companyId: company,
      productSlug: 'omgincontact',
      status: 'active',
      startDate: '2025-01-01',
      monthlyPriceCents: 100,
    })
    .returning();
  const [site] = await db
    .insert(websiteSites)
    .values({
      companyId: company,
      productInstanceId: product?.id ?? 0,
      url: '/demo-sites/leads-test',
      isDemo: true,
      demoSlug: 'leads-test',
    })
    .returning();
  const call = (id: string, daysAgo: number, caller: string | null) => ({
    connectionId: connection?.id ?? 0,
    companyId: company,
    externalId: id,
    calledAt: new Date(now - daysAgo * DAY),
    trackingNumber: '+15125550190',
    source: 'Website',
    callerNumber: caller,
    durationSeconds: 125,
    talkTimeSeconds: 100,
    status: 'answered',
    firstTime: true,
  });
  await db
    .insert(ctCalls)
    .values([call('c1', 10, '+15125550101'), call('c2', 9, null), call('c3', 80, '+15125550102')]);
  await db.insert(websiteFormSubmissions).values({
    companyId: company,
    siteId: site?.id ?? 0,
    name: 'Maria Garcia',
    email: 'maria@example.com',
    phone: '+15125550101',
    message: 'Please call me back',
    receivedAt: new Date(now - 8 * DAY),
  });
}, 60_000);
afterAll(async () => {
  await t?.app.close();
  await t?.database.close();
});

const as = (cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, origin: TEST_ORIGIN },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
const list = async (query = '') => {
  const res = await as(callers.client, 'GET', `/api/uni/client/leads/${company}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as LeadsPage;
};

describe('ingest', () => {
  it('merges a call and a form of the same person, keeps an anonymous call apart, and is idempotent', async () => {
    const first = await t.app.areas['leads-center'].leadsCenter.ingest(company);
    expect(first.touches).toBe(4);
    expect(first.created.get(company)).toHaveLength(3);
    const again = await t.app.areas['leads-center'].leadsCenter.ingest(company);
    expect(again.touches).toBe(0);
    const page = await list();
    expect(page.total).toBe(3);
    const maria = page.items.find((l) => l.phone === '+15125550101');
    expect(maria).toMatchObject({
      name: 'Maria Garcia',
      sources: ['call', 'form'],
      firstSource: 'call',
      touchCount: 2,
      email: 'maria@example.com',
    });
    expect(page.counts.bySource).toMatchObject({ call: 3, form: 1, lsa: 0 });
    expect(page.lastIngestedAt).not.toBeNull();
  });

  it('reads a contact-form message in right after it is sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/demo-sites/leads-test/contact',
      remoteAddress: '203.0.113.77',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        name: 'Web Visitor',
        email: 'visitor@example.com',
        message: 'Do you fix water heaters?',
      }).toString(),
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const page = await list('?q=visitor');
      expect(page.items.map((l) => l.email)).toEqual(['visitor@example.com']);
    });
  });
});

describe('the routes', () => {
  it('let members, assigned employees and admins in; strangers are refused', async () => {
    expect((await as(callers.employee, 'GET', `/api/uni/client/leads/${company}`)).statusCode).toBe(
      200,
    );
    expect((await as(callers.stranger, 'GET', `/api/uni/client/leads/${company}`)).statusCode).toBe(
      403,
    );
    expect(
      (await as(callers.otherEmployee, 'GET', `/api/uni/client/leads/${company}`)).statusCode,
    ).toBe(403);
    const [lead] = await t.database.db
      .select()
      .from(customerLeads)
      .where(eq(customerLeads.companyId, company))
      .limit(1);
    expect(
      (await as(callers.stranger, 'GET', `/api/uni/client/leads/${company}/lead/${lead?.id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await as(callers.stranger, 'PATCH', `/api/uni/client/leads/${company}/lead/${lead?.id}`, {
          status: 'won',
        })
      ).statusCode,
    ).toBe(403);
    // The other company's member, through their own company's URL, finds no such lead.
    expect(
      (await as(callers.stranger, 'GET', `/api/uni/client/leads/${other}/lead/${lead?.id}`))
        .statusCode,
    ).toBe(404);
  });

  it('answer field-level messages for a bad lead', async () => {
    const res = await as(callers.client, 'POST', `/api/uni/client/leads/${company}`, {
      name: ' ',
      channel: 'Referral',
    });
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { path: string; message: string }[];
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: "Enter the lead's name." },
        { path: 'body.phone', message: 'Give a phone number or an email.' },
      ]),
    );
    const bad = await as(callers.client, 'POST', `/api/uni/client/leads/${company}`, {
      name: 'X',
      phone: '12',
      email: 'nope',
      channel: 'Billboard',
    });
    const paths = (bad.json().error.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['body.channel', 'body.email', 'body.phone']);
  });

  it('add a lead by hand, merged with the caller of the month, and find it by text and source', async () => {
    const res = await as(callers.client, 'POST', `/api/uni/client/leads/${company}`, {
      name: 'Maria G',
      phone: '(512) 555-0101',
      channel: 'Phone',
      valueCents: 45_000,
      note: 'Wants a =quote',
    });
    expect(res.statusCode).toBe(201);
    const detail = res.json() as LeadDetail;
    expect(detail.lead).toMatchObject({
      sources: ['call', 'form', 'manual'],
      touchCount: 3,
      valueCents: 45_000,
    });
    expect(detail.events.map((e) => e.kind)).toEqual(['created', 'value', 'note']);
    expect(detail.events[0]?.by).toBe('Cara Client');
    const fresh = await as(callers.employee, 'POST', `/api/uni/client/leads/${company}`, {
      name: '=HYPERLINK("x")',
      email: 'New@Example.com',
      channel: 'Walk-in',
    });
    expect(fresh.statusCode).toBe(201);
    expect((fresh.json() as LeadDetail).lead).toMatchObject({
      email: 'new@example.com',
      sources: ['manual'],
      repeat: false,
    });
    expect((await list('?source=manual')).total).toBe(2);
    expect((await list('?q=quote')).items.map((l) => l.name)).toEqual(['Maria Garcia']);
    expect((await list('?q=555-0102')).total).toBe(1);
    // Digits inside words are not a phone number: "Walk 0102" matches no one's phone.
    expect((await list('?q=Walk%200102')).total).toBe(0);
  });

  it('shows a timeline and keeps each change with who made it', async () => {
    const page = await list('?q=Maria');
    const id = page.items[0]?.id;
    const res = await as(callers.employee, 'PATCH', `/api/uni/client/leads/${company}/lead/${id}`, {
      status: 'won',
      valueCents: 52_000,
      note: 'Replaced the heater',
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as LeadDetail;
    expect(detail.lead).toMatchObject({ status: 'won', valueCents: 52_000 });
    expect(detail.events.slice(-3)).toEqual([
      expect.objectContaining({ kind: 'status', from: 'new', to: 'won', by: 'Emma Staff' }),
      expect.objectContaining({ kind: 'value', from: '45000', to: '52000' }),
      expect.objectContaining({ kind: 'note', text: 'Replaced the heater' }),
    ]);
    expect(detail.touches.map((x) => x.source)).toEqual(['call', 'form', 'manual']);
    expect(detail.touches[0]).toMatchObject({ summary: 'Answered call, 2 min 5 s' });
    expect(detail.touches[1]?.fields).toContainEqual({
      name: 'Message',
      value: 'Please call me back',
    });
    expect((await list('?status=won')).total).toBe(1);
    const empty = await as(
      callers.client,
      'PATCH',
      `/api/uni/client/leads/${company}/lead/${id}`,
      {},
    );
    expect(empty.statusCode).toBe(400);
  });

  it('narrow by day range in the company zone', async () => {
    const day = (ms: number) =>
      new Date(ms).toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });
    const page = await list(`?from=${day(now - 85 * DAY)}&to=${day(now - 60 * DAY)}`);
    expect(page.items.map((l) => l.phone)).toEqual(['+15125550102']);
    expect(page.counts.bySource.call).toBe(1);
    expect(page.counts.leads).toBe(1);
  });

  it('export the filtered leads as CSV with formula-like cells defused', async () => {
    const res = await as(
      callers.client,
      'GET',
      `/api/uni/client/leads/${company}/export.csv?source=manual`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
    expect(
      (await as(callers.stranger, 'GET', `/api/uni/client/leads/${company}/export.csv`)).statusCode,
    ).toBe(403);
  });
});

describe('the after-sync hook', () => {
  it('reads a lead vendor’s new rows in after its sync wrote them', async () => {
    const db = t.database.db;
    const [connection] = await db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.companyId, company));
    await db.insert(ctCalls).values({
      connectionId: connection?.id ?? 0,
      companyId: company,
      externalId: 'c-hook',
      calledAt: new Date(now - DAY),
      trackingNumber: '+15125550190',
      source: 'Website',
      callerNumber: '+15125550177',
      durationSeconds: 30,
      talkTimeSeconds: 20,
      status: 'missed',
      firstTime: true,
    });
    // The frame's listener, as a finished sync that wrote rows calls it.
    await t.app.vendorSync.runSync(connection?.id ?? 0, 'calls').catch(() => undefined);
    await vi.waitFor(async () => {
      expect((await list('?q=5550177')).total).toBe(1);
    });
  });
});
