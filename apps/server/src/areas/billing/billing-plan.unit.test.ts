import { describe, expect, it } from 'vitest';
import { createRandom } from '../../kernel/demo/random';
import { invoiceNumber, lineFor, type PlanProduct, planBilling } from './billing-plan';

const product = (over: Partial<PlanProduct> = {}): PlanProduct => ({
  id: 1,
  companyId: 10,
  slug: 'google-business-pro',
  name: 'Google Business Pro',
  monthlyPriceCents: 31_000,
  start: new Date('2026-01-12T00:00:00Z'),
  end: null,
  ...over,
});

describe('a product’s line for a month', () => {
  it('prorates the first month from the start day, both ends included', () => {
    const line = lineFor(product(), 2026, 0);
    expect(line).toMatchObject({
      periodStart: '2026-01-12',
      periodEnd: '2026-01-31',
      amountCents: Math.round((31_000 * 20) / 31),
      description: 'Google Business Pro: Prorated: 20 of 31 days',
    });
  });

  it('bills a full month at exactly the monthly price, and nothing before the start', () => {
    expect(lineFor(product(), 2026, 1)).toMatchObject({
      periodStart: '2026-02-01',
      periodEnd: '2026-02-28',
      amountCents: 31_000,
      description: 'Google Business Pro: monthly service',
    });
    expect(lineFor(product(), 2025, 11)).toBeNull();
  });

  it('a start on the 1st is a full month; on the last day one day', () => {
    expect(
      lineFor(product({ start: new Date('2026-03-01T00:00:00Z') }), 2026, 2)?.amountCents,
    ).toBe(31_000);
    const last = lineFor(product({ start: new Date('2026-04-30T00:00:00Z') }), 2026, 3);
    expect(last?.description).toContain('Prorated: 1 of 30 days');
    expect(last?.amountCents).toBe(Math.round(31_000 / 30));
  });

  it('prorates a cancelled product’s last month to its last day, and stops after it', () => {
    const cancelled = product({ end: new Date('2026-05-09T13:45:00Z') });
    expect(lineFor(cancelled, 2026, 4)).toMatchObject({
      periodStart: '2026-05-01',
      periodEnd: '2026-05-09',
      amountCents: Math.round((31_000 * 9) / 31),
      description: 'Google Business Pro: Prorated: 9 of 31 days',
    });
    expect(lineFor(cancelled, 2026, 5)).toBeNull();
    // Ending on a month's last day is a full month.
    expect(lineFor(product({ end: new Date('2026-02-28T20:00:00Z') }), 2026, 1)?.amountCents).toBe(
      31_000,
    );
  });

  it('started and cancelled within one month: the days between', () => {
    const line = lineFor(
      product({ start: new Date('2026-02-10T00:00:00Z'), end: new Date('2026-02-19T00:00:00Z') }),
      2026,
      1,
    );
    expect(line?.description).toContain('Prorated: 10 of 28 days');
  });

  it('numbers invoices by company and month', () => {
    expect(invoiceNumber(42, '2026-03-01')).toBe('PP-202603-42');
  });
});

describe('the demo billing plan', () => {
  const anchor = new Date('2026-11-22T00:00:00Z');
  const stories = { summit: 1, bayside: 2, harbor: 3 };
  const companies = [
    { id: 1, status: 'active' },
    { id: 2, status: 'active' },
    { id: 3, status: 'active' },
    { id: 4, status: 'paused' },
  ];
  const products: PlanProduct[] = companies.flatMap((c) => [
    product({ id: c.id * 10, companyId: c.id, start: new Date('2025-06-17T00:00:00Z') }),
    product({
      id: c.id * 10 + 1,
      companyId: c.id,
      slug: 'website',
      name: 'Website',
      monthlyPriceCents: 19_900,
      start: new Date('2025-09-03T00:00:00Z'),
      end: new Date('2026-08-20T00:00:00Z'),
    }),
  ]);
  const plan = planBilling({ companies, products, anchor, stories, random: createRandom(7) });
  const of = (companyId: number) => plan.invoices.filter((i) => i.companyId === companyId);

  it('one invoice a month from the first start to the seeding month, totals = their lines', () => {
    for (const c of companies) {
      const invoices = of(c.id);
      expect(invoices.map((i) => i.periodStart)[0]).toBe('2025-06-01');
      expect(invoices.at(-1)?.periodStart).toBe('2026-11-01');
      expect(invoices).toHaveLength(18);
      for (const invoice of invoices) {
        expect(invoice.totalCents).toBe(invoice.lines.reduce((s, l) => s + l.amountCents, 0));
        expect(invoice.dueOn).toBe(invoice.periodEnd);
      }
      // The first invoice is issued the day service starts; the others on the 1st.
      expect(invoices[0]?.issuedOn).toBe('2025-06-17');
      expect(invoices[1]?.issuedOn).toBe('2025-07-01');
      const website = invoices.flatMap((i) => i.lines).filter((l) => l.productSlug === 'website');
      expect(website).toHaveLength(12); // Sep 2025 – Aug 2026
      expect(website.at(-1)?.description).toContain('Prorated: 20 of 31 days');
    }
  });

  it('the seeding month is open and not due; Bayside and Harbor owe one, Summit none', () => {
    const today = '2026-11-22';
    const overdue = (id: number) => of(id).filter((i) => i.status === 'open' && i.dueOn < today);
    for (const c of companies) {
      const current = of(c.id).at(-1);
      expect(current?.status).toBe('open');
      expect(current && current.dueOn >= today).toBe(true);
    }
    expect(overdue(2).map((i) => i.periodStart)).toEqual(['2026-09-01']);
    expect(overdue(3)).toHaveLength(1);
    expect(overdue(1)).toHaveLength(0);
    expect(overdue(4)).toHaveLength(2); // paused: its last two unpaid
    for (const invoice of plan.invoices.filter((i) => i.status === 'paid')) {
      expect(invoice.amountPaidCents).toBe(invoice.totalCents);
      const paidOn = invoice.paidAt?.toISOString().slice(0, 10) ?? '';
      expect(invoice.paidAt && invoice.paidAt < anchor).toBe(true);
      expect(paidOn >= invoice.issuedOn && paidOn <= invoice.dueOn).toBe(true);
    }
  });

  it('a method on file for every company: Summit a bank account, Bayside and Harbor cards', () => {
    expect(plan.methods.get(1)).toMatchObject({ kind: 'us_bank_account', expMonth: null });
    for (const id of [2, 3]) {
      expect(plan.methods.get(id)?.kind).toBe('card');
      expect(plan.methods.get(id)?.last4).toMatch(/^\d{4}$/);
    }
    expect(plan.methods.size).toBe(4);
  });
});
