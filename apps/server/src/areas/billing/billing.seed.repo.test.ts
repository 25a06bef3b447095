import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientCompanies,
  invoiceLines,
  invoices,
  paymentMethods,
  payments,
  productInstances,
} from '../../kernel/db/schema';
import { createSeededTestDatabase, type TestDatabase } from '../../test/test-database';
import { companyToday, isOverdue } from './invoice-status';

const ANCHOR = new Date('2026-11-22T00:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  ({ database } = await createSeededTestDatabase(ANCHOR));
}, 180_000);
afterAll(async () => {
  await database?.close();
});

const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const daysInMonth = (day: string) =>
  new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();

describe('the demo invoices', () => {
  it('are written: more than 300 of them', async () => {
    // Their time budget is held in the load tier (seed/seed-budgets.load.test.ts).
    const [n] = await database.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    expect(n?.n).toBeGreaterThan(300);
  });

  it('bill every month of every product at its catalog price, prorating the edges by days', async () => {
    const db = database.db;
    const products = await db.select().from(productInstances).orderBy(asc(productInstances.id));
    const lines = await db
      .select({ line: invoiceLines, companyId: invoices.companyId })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId));
    const byProduct = new Map<number | null, typeof lines>();
    for (const l of lines)
      byProduct.set(l.line.productInstanceId, [
        ...(byProduct.get(l.line.productInstanceId) ?? []),
        l,
      ]);
    const current = monthIndex(ANCHOR.toISOString());
    for (const product of products) {
      const own = (byProduct.get(product.id) ?? [])
        .map((l) => l.line)
        .sort((a, b) => a.periodStart.localeCompare(b.periodStart));
      expect(own.every((l) => l.productSlug === product.productSlug)).toBe(true);
      const months = own.map((l) => monthIndex(l.periodStart));
      // One line a month, no gaps, from the start month …
      expect(months[0]).toBe(monthIndex(product.startDate));
      expect(months).toEqual(months.map((_, i) => (months[0] ?? 0) + i));
      // … to the seeding month unless it was cancelled.
      if (product.status !== 'cancelled') expect(months.at(-1)).toBe(current);
      own.forEach((line, i) => {
        const days = (Date.parse(line.periodEnd) - Date.parse(line.periodStart)) / 86_400_000 + 1;
        const monthDays = daysInMonth(line.periodStart);
        if (i === 0) expect(line.periodStart).toBe(product.startDate);
        if (days === monthDays) {
          expect(line.amountCents).toBe(product.monthlyPriceCents);
        } else {
          // Only the first month or a cancelled product's last is partial.
          expect(i === 0 || (i === own.length - 1 && product.status === 'cancelled')).toBe(true);
          expect(line.description).toContain(`Prorated: ${days} of ${monthDays} days`);
          expect(line.amountCents).toBe(Math.round((product.monthlyPriceCents * days) / monthDays));
        }
      });
    }
  });

  it('totals are the sum of their lines; numbers are unique; paid ones have their payment', async () => {
    const db = database.db;
    const rows = await db
      .select({
        invoice: invoices,
        lines: sql<number>`(select coalesce(sum(amount_cents), 0)::int from invoice_lines where invoice_id = invoices.id)`,
        paid: sql<number>`(select coalesce(sum(amount_cents), 0)::int from payments where invoice_id = invoices.id)`,
      })
      .from(invoices);
    expect(new Set(rows.map((r) => r.invoice.number)).size).toBe(rows.length);
    for (const { invoice, lines, paid } of rows) {
      expect(invoice.totalCents).toBe(lines);
      expect(invoice.number).toBe(
        `PP-${invoice.periodStart.slice(0, 4)}${invoice.periodStart.slice(5, 7)}-${invoice.companyId}`,
      );
      expect(paid).toBe(invoice.status === 'paid' ? invoice.totalCents : 0);
      expect(invoice.amountPaidCents).toBe(paid);
      if (monthIndex(invoice.periodStart) === monthIndex(ANCHOR.toISOString()))
        expect(invoice.status).toBe('open');
    }
    const demo = await db.select().from(payments).limit(5);
    for (const p of demo) {
      expect(p.provider).toBe('demo');
      expect(p.externalId).toMatch(/^demo_/);
    }
    expect(rows.some((r) => r.invoice.status === 'void')).toBe(true);
  });

  it('Bayside and Harbor have exactly one overdue invoice, Summit none; every company a method', async () => {
    const db = database.db;
    const companies = await db.select().from(clientCompanies);
    const named = (name: string) => companies.find((c) => c.name === name)?.id ?? 0;
    const all = await db.select().from(invoices);
    const overdueOf = (companyId: number) => {
      const zone = companies.find((c) => c.id === companyId)?.timeZone;
      const today = companyToday(zone, ANCHOR);
      return all.filter((i) => i.companyId === companyId && isOverdue(i, today));
    };
    expect(overdueOf(named('Bayside Family Dental'))).toHaveLength(1);
    expect(overdueOf(named('Harbor Smiles Orthodontics'))).toHaveLength(1);
    expect(overdueOf(named('Summit Plumbing & Drain'))).toHaveLength(0);
    const paused = companies.filter((c) => c.status === 'paused');
    for (const company of paused) expect(overdueOf(company.id).length).toBeGreaterThan(0);

    const methods = await db.select().from(paymentMethods);
    expect(methods).toHaveLength(companies.length);
    for (const m of methods) expect(m.last4).toMatch(/^\d{4}$/);
    expect(new Set(methods.map((m) => m.kind))).toEqual(new Set(['card', 'us_bank_account']));
    const bayside = methods.find((m) => m.companyId === named('Bayside Family Dental'));
    expect(bayside?.kind).toBe('card');
  });
});
