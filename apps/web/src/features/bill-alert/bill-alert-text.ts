import { type BillAlert, formatBillingCents, formatDay } from '@pinpoint/contracts';

/** "1 overdue invoice", "3 overdue invoices". */
export const overdueInvoices = (count: number) =>
  `${count} overdue invoice${count === 1 ? '' : 's'}`;

/** "1 invoice is overdue ($123.00 since 10/01/2026)." */
export function overdueSentence(alert: BillAlert): string {
  const verb = alert.count === 1 ? 'invoice is' : 'invoices are';
  const since = alert.oldestDueOn ? ` since ${formatDay(alert.oldestDueOn)}` : '';
  return `${alert.count} ${verb} overdue (${formatBillingCents(alert.totalCents)}${since}).`;
}
