import type { InvoiceStatus } from '@pinpoint/contracts';
import { isValidTimeZone, todayIn } from '@pinpoint/contracts';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import { clientCompanies, invoices } from '../../kernel/db/schema';
import { FALLBACK_TIME_ZONE } from '../../platform/product-access/company-time-zone';

/**
 * The one definition of "overdue" (issue 19): an invoice whose stored status is `open` and
 * whose due date is before today in the company's time zone. It is never stored: a stored
 * "overdue" would go stale at midnight, so it is worked out whenever an invoice is read.
 * The bill alert, the billing page, the PDF and the payments flow all use these.
 */

/** Today's calendar day (YYYY-MM-DD) in the company's zone (its default when unknown). */
export function companyToday(timeZone: string | null | undefined, now: Date = new Date()): string {
  return todayIn(timeZone && isValidTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE, now);
}

/** The TS predicate: `today` is the company's today (companyToday). */
export function isOverdue(invoice: { status: string; dueOn: string }, today: string): boolean {
  return invoice.status === 'open' && invoice.dueOn < today;
}

/** What an invoice reads as: its stored status, or `overdue` for an open one past due. */
export function invoiceStatusOf(
  invoice: { status: string; dueOn: string },
  today: string,
): InvoiceStatus {
  if (isOverdue(invoice, today)) return 'overdue';
  if (invoice.status === 'paid' || invoice.status === 'void') return invoice.status;
  return 'open';
}

/** The SQL condition for one company's invoices, with that company's `today`. */
export function overdueCondition(today: string): SQL {
  return and(eq(invoices.status, 'open'), lt(invoices.dueOn, today)) as SQL;
}

/**
 * The SQL condition across companies: each invoice against today in its own company's zone
 * (the query must join `client_companies` on the invoice's company). Zones Postgres does not
 * know would fail the query, so only the ones the app accepts are stored (timeZoneSchema).
 */
export function overdueConditionByCompanyZone(now: Date = new Date()): SQL {
  return sql`(${invoices.status} = 'open' and ${invoices.dueOn} < (${now.toISOString()}::timestamptz at time zone coalesce(${clientCompanies.timeZone}, ${FALLBACK_TIME_ZONE}))::date)`;
}
