import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { productInstances } from './domain';
import { clientCompanies, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => clientCompanies.id, { onDelete: 'cascade' });

/**
 * The agency's monthly invoice to a client company: one per company per calendar month,
 * a line per product billed that month. Money in integer cents. `status` is what was
 * decided (open, paid, void); "overdue" is an open invoice past its due date, worked out
 * when it is read so it never goes stale.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    /** PP-YYYYMM-<company>: what the client quotes when they call about it. */
    number: text('number').notNull(),
    /** First and last day billed (inclusive). */
    periodStart: day('period_start').notNull(),
    periodEnd: day('period_end').notNull(),
    issuedOn: day('issued_on').notNull(),
    dueOn: day('due_on').notNull(),
    /** open | paid | void */
    status: text('status').notNull().default('open'),
    totalCents: integer('total_cents').notNull(),
    amountPaidCents: integer('amount_paid_cents').notNull().default(0),
    currency: text('currency').notNull().default('usd'),
    paidAt: at('paid_at'),
    voidedAt: at('voided_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_company_period_key').on(t.companyId, t.periodStart),
    index('invoices_company_status_idx').on(t.companyId, t.status, t.dueOn),
  ],
);

/** One product's charge on an invoice (a partial month is prorated by days and says so). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    productInstanceId: integer('product_instance_id').references(() => productInstances.id, {
      onDelete: 'set null',
    }),
    /** The catalog slug, kept for ROI's channels even if the product row goes. */
    productSlug: text('product_slug').notNull(),
    description: text('description').notNull(),
    periodStart: day('period_start').notNull(),
    periodEnd: day('period_end').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/**
 * Money received against an invoice, from the payments provider (demo or Stripe). Unique on
 * (provider, external id) so a webhook delivered twice records one payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** demo | stripe */
    provider: text('provider').notNull(),
    /** The provider's id of the payment (Stripe: the PaymentIntent). */
    externalId: text('external_id').notNull(),
    /** card | us_bank_account */
    method: text('method').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    paidAt: at('paid_at').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payments_external_key').on(t.provider, t.externalId),
    index('payments_company_idx').on(t.companyId, t.paidAt),
  ],
);

/** The card or bank account on file: never more than its kind, brand and last four. */
export const paymentMethods = pgTable('payment_methods', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => clientCompanies.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  /** card | us_bank_account */
  kind: text('kind').notNull(),
  brand: text('brand'),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A "Pay now" hand-off to the provider's hosted page (Stripe Checkout Session). */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The provider's session id. */
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    companyId: companyId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    /** open | complete | expired */
    status: text('status').notNull().default('open'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull().defaultNow(),
    completedAt: at('completed_at'),
  },
  (t) => [index('checkout_sessions_invoice_idx').on(t.invoiceId)],
);

/** Each provider webhook event handled once, whatever the provider's retries. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** handled | ignored: what the event did. */
    outcome: text('outcome').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
