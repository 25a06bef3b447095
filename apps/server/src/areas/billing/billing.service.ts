import type {
  BillAlert,
  BillingOverview,
  BillingPayment,
  InvoiceDetail,
  InvoiceSummary,
  PaymentMethodKind,
} from '@pinpoint/contracts';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import type { BillingRepository, InvoiceRow, PaymentRow } from './billing.repository';
import { companyToday, invoiceStatusOf } from './invoice-status';

/** How many of the latest payments the billing page lists. */
export const RECENT_PAYMENTS = 6;

const kind = (value: string): PaymentMethodKind =>
  value === 'us_bank_account' ? 'us_bank_account' : 'card';

function toSummary(row: InvoiceRow, today: string): InvoiceSummary {
  const status = invoiceStatusOf(row, today);
  return {
    id: row.id,
    number: row.number,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    issuedOn: row.issuedOn,
    dueOn: row.dueOn,
    status,
    totalCents: row.totalCents,
    amountPaidCents: row.amountPaidCents,
    balanceCents:
      status === 'paid' || status === 'void'
        ? 0
        : Math.max(0, row.totalCents - row.amountPaidCents),
    currency: row.currency,
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

function toPayment(row: PaymentRow): BillingPayment {
  return { ...row, method: kind(row.method), paidAt: row.paidAt.toISOString() };
}

/**
 * Billing of one client company (SPEC §7 `/api/uni/client/billing/{id}`): its invoices with
 * their derived status, payments, the method on file and its products' prices. Read only;
 * "today" is the company's (invoice-status.ts), from the injected clock.
 */
export function createBillingService(repo: BillingRepository, now: () => Date = () => new Date()) {
  async function companyOf(principal: Principal, companyId: number) {
    // The route's clientOf guard already ran; the service checks again, as every service does.
    if (!canAccessClient(principal, companyId)) throw accessDenied();
    const company = await repo.company(companyId);
    if (!company) throw notFound('No such client.');
    return { ...company, today: companyToday(company.timeZone, now()) };
  }

  return {
    async overview(
      principal: Principal,
      companyId: number,
      query: { page: number; pageSize: number },
    ): Promise<BillingOverview> {
      const { today } = await companyOf(principal, companyId);
      const [page, overdue, method, payments, products] = await Promise.all([
        repo.invoicePage(companyId, query.pageSize, (query.page - 1) * query.pageSize),
        repo.overdue(companyId, today),
        repo.paymentMethod(companyId),
        repo.recentPayments(companyId, RECENT_PAYMENTS),
        repo.products(companyId),
      ]);
      return {
        invoices: page.rows.map((row) => toSummary(row, today)),
        total: page.total,
        page: query.page,
        pageSize: query.pageSize,
        overdue: { count: overdue.count, totalCents: overdue.owedCents },
        paymentMethod: method
          ? {
              kind: kind(method.kind),
              brand: method.brand,
              last4: method.last4,
              expMonth: method.expMonth,
              expYear: method.expYear,
            }
          : null,
        payments: payments.map(toPayment),
        products,
      };
    },

    /** One invoice of the company, with its lines and payments (another company's: not found). */
    async invoice(
      principal: Principal,
      companyId: number,
      invoiceId: number,
    ): Promise<InvoiceDetail> {
      const company = await companyOf(principal, companyId);
      const row = await repo.invoice(companyId, invoiceId);
      if (!row) throw notFound('No such invoice.');
      const [lines, payments] = await Promise.all([
        repo.lines(row.id),
        repo.invoicePayments(companyId, row.id),
      ]);
      return {
        ...toSummary(row, company.today),
        companyName: company.name,
        voidedAt: row.voidedAt?.toISOString() ?? null,
        lines: lines.map((l) => ({
          id: l.id,
          productInstanceId: l.productInstanceId,
          productSlug: l.productSlug,
          description: l.description,
          periodStart: l.periodStart,
          periodEnd: l.periodEnd,
          amountCents: l.amountCents,
        })),
        payments: payments.map(toPayment),
      };
    },

    /** SPEC §3 bill alert: the company's overdue invoices. */
    async alert(principal: Principal, companyId: number): Promise<BillAlert> {
      const { today } = await companyOf(principal, companyId);
      const overdue = await repo.overdue(companyId, today);
      return {
        count: overdue.count,
        totalCents: overdue.owedCents,
        oldestDueOn: overdue.oldestDueOn,
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
