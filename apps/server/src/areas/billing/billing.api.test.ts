import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceLines,
  invoices,
  paymentMethods,
  payments,
  productInstances,
  users,
} from '../../kernel/db/schema';
import type { Principal } from '../../kernel/lib/access-policy';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, testConfig } from '../../test/test-app';
import { createPeople, type People } from '../activity/test-people';
import { createBillingRepository } from './billing.repository';
import { createBillingService } from './billing.service';
import { companyToday, invoiceStatusOf, isOverdue } from './invoice-status';

let app: FastifyInstance;
let people: People;
const ids = { paid: 0, overdue: 0, open: 0, void: 0, other: 0 };

const base = (companyId: number) => `/api/uni/client/billing/${companyId}`;

beforeAll(async () => {
  ({ app } = await createTestApp());
  people = await createPeople(app, 'Billing');
  const { companyA, companyB } = people;
  const db = app.database.db;
  const [product] = await db
    .insert(productInstances)
    .values({
      companyId: companyA,
      productSlug: 'google-business-pro',
      status: 'active',
      startDate: '2020-01-15',
      monthlyPriceCents: 31_000,
    })
    .returning();
  const invoice = (companyId: number, month: string, status: string, dueOn: string) => ({
    companyId,
    number: `PP-${month.replace('-', '')}-${companyId}`,
    periodStart: `${month}-01`,
    periodEnd: `${month}-28`,
    issuedOn: `${month}-01`,
    dueOn,
    status,
    totalCents: 46_000,
    amountPaidCents: status === 'paid' ? 46_000 : 0,
    paidAt: status === 'paid' ? new Date(`${month}-03T15:00:00Z`) : null,
  });
  const rows = await db
    .insert(invoices)
    .values([
      invoice(companyA, '2020-01', 'paid', '2020-01-31'),
      invoice(companyA, '2020-02', 'open', '2020-02-29'),
      invoice(companyA, '2020-03', 'void', '2020-03-31'),
      invoice(companyA, '2099-12', 'open', '2099-12-31'),
      invoice(companyB, '2020-02', 'open', '2020-02-29'),
    ])
    .returning();
  [ids.paid, ids.overdue, ids.void, ids.open, ids.other] = rows.map((r) => r.id) as [
    number,
    number,
    number,
    number,
    number,
  ];
  await db.insert(invoiceLines).values(
    rows.flatMap((r) => [
      {
        invoiceId: r.id,
        productInstanceId: product?.id ?? null,
        productSlug: 'google-business-pro',
        description: 'Google Business Pro: monthly service',
        periodStart: r.periodStart,
        periodEnd: r.periodEnd,
        amountCents: 31_000,
      },
      {
        invoiceId: r.id,
        productInstanceId: null,
        productSlug: 'website',
        description: 'Website: Prorated: 14 of 28 days',
        periodStart: r.periodStart,
        periodEnd: r.periodEnd,
        amountCents: 15_000,
      },
    ]),
  );
  await db.insert(payments).values({
    companyId: companyA,
    invoiceId: ids.paid,
    amountCents: 46_000,
    provider: 'demo',
    externalId: 'demo_test_1',
    method: 'card',
    brand: 'visa',
    last4: '4242',
    paidAt: new Date('2020-01-03T15:00:00Z'),
  });
  await db.insert(paymentMethods).values({
    companyId: companyA,
    provider: 'demo',
    kind: 'card',
    brand: 'visa',
    last4: '4242',
    expMonth: 8,
    expYear: 2030,
  });
});
afterAll(async () => {
  await app.close();
});

describe('the billing routes', () => {
  it('lists the invoices newest first with their derived status, overdue total, method and products', async () => {
    const res = await people.call('member', 'GET', base(people.companyA));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.invoices.map((i: { id: number }) => i.id)).toEqual([
      ids.open,
      ids.void,
      ids.overdue,
      ids.paid,
    ]);
    expect(body.invoices.map((i: { status: string }) => i.status)).toEqual([
      'open',
      'void',
      'overdue',
      'paid',
    ]);
    expect(body.invoices[2].balanceCents).toBe(46_000);
    expect(body.invoices[3]).toMatchObject({ balanceCents: 0, amountPaidCents: 46_000 });
    expect(body.overdue).toEqual({ count: 1, totalCents: 46_000 });
    expect(body.paymentMethod).toEqual({
      kind: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 8,
      expYear: 2030,
    });
    expect(body.payments).toHaveLength(1);
    expect(body.payments[0]).toMatchObject({ invoiceNumber: `PP-202001-${people.companyA}` });
    expect(body.products).toEqual([
      expect.objectContaining({ slug: 'google-business-pro', monthlyPriceCents: 31_000 }),
    ]);
  });

  it('pages', async () => {
    const res = await people.call('member', 'GET', `${base(people.companyA)}?page=2&pageSize=3`);
    expect(res.json()).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(res.json().invoices.map((i: { id: number }) => i.id)).toEqual([ids.paid]);
    expect(
      (await people.call('member', 'GET', `${base(people.companyA)}?pageSize=0`)).statusCode,
    ).toBe(400);
  });

  it('members, assigned employees and admins read it; the others are refused', async () => {
    for (const who of ['member', 'assigned', 'admin'] as const)
      expect((await people.call(who, 'GET', base(people.companyA))).statusCode).toBe(200);
    for (const who of ['other', 'unassigned', 'lead'] as const)
      expect((await people.call(who, 'GET', base(people.companyA))).statusCode).toBe(403);
    expect((await people.call(null, 'GET', base(people.companyA))).statusCode).toBe(401);
    const pdf = `${base(people.companyA)}/invoices/${ids.paid}/pdf`;
    expect((await people.call('other', 'GET', pdf)).statusCode).toBe(403);
    expect((await people.call('other', 'GET', `${base(people.companyA)}/alert`)).statusCode).toBe(
      403,
    );
  });

  it('an invoice with its lines and payments; another company’s invoice id is not found', async () => {
    const res = await people.call('member', 'GET', `${base(people.companyA)}/invoices/${ids.paid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids.paid,
      status: 'paid',
      companyName: 'Billing Alpha Roofing',
      lines: [{ amountCents: 31_000 }, { amountCents: 15_000 }],
      payments: [{ amountCents: 46_000, last4: '4242' }],
    });
    const foreign = await people.call(
      'member',
      'GET',
      `${base(people.companyA)}/invoices/${ids.other}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Beta');
    const foreignPdf = await people.call(
      'admin',
      'GET',
      `${base(people.companyA)}/invoices/${ids.other}/pdf`,
    );
    expect(foreignPdf.statusCode).toBe(404);
  });

  it('the JSON reads go through the gateway', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { cookie: await cookieOf('member'), origin: TEST_ORIGIN },
      payload: { method: 'GET', url: `${base(people.companyA)}/alert`, data: {} },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 1, totalCents: 46_000, oldestDueOn: '2020-02-29' });
  });

  it('the PDF opens and says the number, the lines, the total and OVERDUE', async () => {
    const res = await people.call(
      'member',
      'GET',
      `${base(people.companyA)}/invoices/${ids.overdue}/pdf`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const number = `PP-202002-${people.companyA}`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(number);
    expect(text).toContain('Billing Alpha Roofing');
    expect(text).toContain('$460.00');
    expect(text).toContain('Website: Prorated: 14 of 28 days');
    expect(text).toContain('OVERDUE');
    expect(text).toContain(testConfig().agency.name);
  });

  it('the alert counts only overdue invoices, and nothing for a company with none', async () => {
    const a = await people.call('assigned', 'GET', `${base(people.companyA)}/alert`);
    expect(a.json()).toEqual({ count: 1, totalCents: 46_000, oldestDueOn: '2020-02-29' });
    const b = await people.call('other', 'GET', `${base(people.companyB)}/alert`);
    expect(b.json().count).toBe(1);
    // Once paid (the payments module's write), the alert clears.
    await app.database.db
      .update(invoices)
      .set({ status: 'paid', amountPaidCents: 46_000, paidAt: new Date() })
      .where(eq(invoices.id, ids.other));
    expect((await people.call('other', 'GET', `${base(people.companyB)}/alert`)).json()).toEqual({
      count: 0,
      totalCents: 0,
      oldestDueOn: null,
    });
  });
});

describe('overdue is derived in the company’s time zone', () => {
  it('an invoice due Feb 29 is overdue from Chicago’s March 1, not UTC’s', async () => {
    const admin: Principal = {
      userId: 1,
      perm: false,
      admin: true,
      lead: false,
      memberOf: [],
      assignedTo: [],
    };
    const repo = createBillingRepository(app.database.db);
    const at = (instant: string) => createBillingService(repo, () => new Date(instant));
    // People's companies are in America/Chicago (UTC−6 until DST): Feb 29 ends 06:00 UTC Mar 1.
    const before = await at('2020-03-01T05:59:00Z').alert(admin, people.companyA);
    const after = await at('2020-03-01T06:01:00Z').alert(admin, people.companyA);
    // Only the Feb invoice is open and past due after; before, nothing of A is overdue yet.
    expect(before.count).toBe(0);
    expect(after.count).toBe(1);
    expect(companyToday('America/Chicago', new Date('2020-03-01T05:59:00Z'))).toBe('2020-02-29');
    expect(companyToday('Not/AZone', new Date('2020-03-01T04:59:00Z'))).toBe('2020-02-29');
    expect(isOverdue({ status: 'open', dueOn: '2020-02-29' }, '2020-03-01')).toBe(true);
    expect(isOverdue({ status: 'open', dueOn: '2020-02-29' }, '2020-02-29')).toBe(false);
    expect(invoiceStatusOf({ status: 'paid', dueOn: '2000-01-01' }, '2020-03-01')).toBe('paid');
  });
});

async function cookieOf(who: 'member') {
  const [user] = await app.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, `${who}@billing.test`));
  return sessionCookieOf(app, user?.id ?? 0);
}
