import { and, asc, count, desc, eq, min, sum } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  invoiceLines,
  invoices,
  paymentMethods,
  payments,
  productInstances,
  products,
} from '../../kernel/db/schema';
import { overdueCondition } from './invoice-status';

export type InvoiceRow = typeof invoices.$inferSelect;

const paymentColumns = {
  id: payments.id,
  invoiceId: payments.invoiceId,
  invoiceNumber: invoices.number,
  amountCents: payments.amountCents,
  provider: payments.provider,
  method: payments.method,
  brand: payments.brand,
  last4: payments.last4,
  paidAt: payments.paidAt,
};

/** Drizzle reads for billing; no rules here (see the service). Payments are only read: the
 * payments module records them and marks invoices paid. */
export function createBillingRepository(db: Db) {
  return {
    /** The company's name and time zone, or null when there is no such company. */
    async company(companyId: number) {
      const [row] = await db
        .select({ name: clientCompanies.name, timeZone: clientCompanies.timeZone })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row ?? null;
    },

    /** One page of invoices, newest period first, and how many there are. */
    async invoicePage(companyId: number, limit: number, offset: number) {
      const where = eq(invoices.companyId, companyId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(invoices)
          .where(where)
          .orderBy(desc(invoices.periodStart), desc(invoices.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(invoices).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Open invoices past due on `today` (the company's): how many and what is owed. */
    async overdue(companyId: number, today: string) {
      const [row] = await db
        .select({
          count: count(),
          totalCents: sum(invoices.totalCents).mapWith(Number),
          paidCents: sum(invoices.amountPaidCents).mapWith(Number),
          oldestDueOn: min(invoices.dueOn),
        })
        .from(invoices)
        .where(and(eq(invoices.companyId, companyId), overdueCondition(today)));
      return {
        count: Number(row?.count ?? 0),
        owedCents: (row?.totalCents ?? 0) - (row?.paidCents ?? 0),
        oldestDueOn: row?.oldestDueOn ?? null,
      };
    },

    async paymentMethod(companyId: number) {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.companyId, companyId));
      return row ?? null;
    },

    /** The latest payments of the company, newest first. */
    async recentPayments(companyId: number, limit: number) {
      return db
        .select(paymentColumns)
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(eq(payments.companyId, companyId))
        .orderBy(desc(payments.paidAt), desc(payments.id))
        .limit(limit);
    },

    async products(companyId: number) {
      return db
        .select({
          instanceId: productInstances.id,
          slug: productInstances.productSlug,
          name: products.name,
          status: productInstances.status,
          startDate: productInstances.startDate,
          monthlyPriceCents: productInstances.monthlyPriceCents,
        })
        .from(productInstances)
        .innerJoin(products, eq(products.slug, productInstances.productSlug))
        .where(eq(productInstances.companyId, companyId))
        .orderBy(asc(products.sortOrder), asc(productInstances.id));
    },

    /** The invoice when it is the company's (another company's id reads as no invoice). */
    async invoice(companyId: number, invoiceId: number): Promise<InvoiceRow | null> {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)));
      return row ?? null;
    },

    async lines(invoiceId: number) {
      return db
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoiceId))
        .orderBy(asc(invoiceLines.id));
    },

    async invoicePayments(companyId: number, invoiceId: number) {
      return db
        .select(paymentColumns)
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(and(eq(payments.invoiceId, invoiceId), eq(payments.companyId, companyId)))
        .orderBy(asc(payments.paidAt), asc(payments.id));
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
export type PaymentRow = Awaited<ReturnType<BillingRepository['recentPayments']>>[number];
export type LineRow = Awaited<ReturnType<BillingRepository['lines']>>[number];
