import { z } from 'zod';

/**
 * `GET /api/uni/client/billing/{id}/alert`: the bill alert of SPEC §3 (`alert`, `count`)
 * for one company — its overdue invoices (open and past due in the company's time zone).
 * The top bar's badge and the dashboard's banner read it.
 */
export const billAlertSchema = z.object({
  count: z.number().int().nonnegative(),
  totalCents: z.number().int().nonnegative(),
  /** The oldest overdue invoice's due date (YYYY-MM-DD), null when nothing is overdue. */
  oldestDueOn: z.string().nullable(),
});
export type BillAlert = z.infer<typeof billAlertSchema>;

/**
 * `$1,234.50` from integer cents (US dollars, as every invoice is). Here, not in
 * billing-invoices.ts, because the top bar's bill alert text uses it.
 */
export function formatBillingCents(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
