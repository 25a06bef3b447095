import { z } from 'zod';

/*
 * The billing page's contracts (issue 19). Apart from billing.ts, which the top bar's bill
 * alert loads on every signed-in page: zod schemas are not tree-shaken, so these would ride
 * along in that first download.
 */

/** What an invoice reads as: `overdue` is an open invoice past its due date, never stored. */
export const INVOICE_STATUSES = ['open', 'paid', 'overdue', 'void'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

export const PAYMENT_METHOD_KINDS = ['card', 'us_bank_account'] as const;
export const paymentMethodKindSchema = z.enum(PAYMENT_METHOD_KINDS);
export type PaymentMethodKind = z.infer<typeof paymentMethodKindSchema>;

export const BILLING_PAGE_SIZE = 12;
export const BILLING_PAGE_SIZE_MAX = 50;

const companyId = z.coerce.number().int().positive();

export const billingParamsSchema = z.object({ id: companyId });
export const invoiceParamsSchema = z.object({
  id: companyId,
  invoiceId: z.coerce.number().int().positive(),
});

/** `GET /api/uni/client/billing/{id}`: one page of invoices, newest first (page is 1-based). */
export const billingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(BILLING_PAGE_SIZE_MAX).default(BILLING_PAGE_SIZE),
});
export type BillingQuery = z.input<typeof billingQuerySchema>;

export const invoiceSummarySchema = z.object({
  id: z.number().int(),
  /** PP-YYYYMM-<company id>. */
  number: z.string(),
  /** First and last day billed, both included (YYYY-MM-DD). */
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  status: invoiceStatusSchema,
  totalCents: z.number().int(),
  amountPaidCents: z.number().int(),
  /** What is still owed (0 when paid or void). */
  balanceCents: z.number().int(),
  currency: z.string(),
  paidAt: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** The card or bank account on file: kind, brand and last four only, never more. */
export const paymentMethodSchema = z.object({
  kind: paymentMethodKindSchema,
  /** Card brand (visa, mastercard, …) or the bank's name. */
  brand: z.string().nullable(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const billingPaymentSchema = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  amountCents: z.number().int(),
  /** demo | stripe */
  provider: z.string(),
  method: paymentMethodKindSchema,
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  paidAt: z.string(),
});
export type BillingPayment = z.infer<typeof billingPaymentSchema>;

export const billingProductSchema = z.object({
  instanceId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** active | paused | on_hold | cancelled */
  status: z.string(),
  startDate: z.string(),
  monthlyPriceCents: z.number().int(),
});
export type BillingProduct = z.infer<typeof billingProductSchema>;

export const billingOverviewSchema = z.object({
  invoices: z.array(invoiceSummarySchema),
  /** Invoices across all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Open invoices past due (in the company's time zone), across all pages. */
  overdue: z.object({ count: z.number().int(), totalCents: z.number().int() }),
  paymentMethod: paymentMethodSchema.nullable(),
  /** The latest payments, newest first. */
  payments: z.array(billingPaymentSchema),
  /** The company's products (cancelled ones included) with their monthly prices. */
  products: z.array(billingProductSchema),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const invoiceLineSchema = z.object({
  id: z.number().int(),
  productInstanceId: z.number().int().nullable(),
  productSlug: z.string(),
  description: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amountCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** `GET /api/uni/client/billing/{id}/invoices/{invoiceId}`: one invoice, its lines and payments. */
export const invoiceDetailSchema = invoiceSummarySchema.extend({
  companyName: z.string(),
  voidedAt: z.string().nullable(),
  lines: z.array(invoiceLineSchema),
  payments: z.array(billingPaymentSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
