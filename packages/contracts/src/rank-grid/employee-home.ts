import { z } from 'zod';
import { gridAlertSchema } from './alerts';
import { scanSummarySchema } from './history';

/**
 * The employee home (`/dashboard/employee`): every client the employee looks after (admins:
 * every client) with the newest finished scan of each keyword, and the newest grid alerts
 * across those clients, in one answer, so the page does not make two calls per client.
 */

/** How many grid alerts the home lists (newest first, across the employee's clients). */
export const EMPLOYEE_HOME_ALERTS = 10;

export const employeeClientRankSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  vertical: z.string().nullable(),
  /** The newest finished scan of each keyword (any settings), keywords A–Z; may be empty. */
  keywords: z.array(scanSummarySchema),
});
export type EmployeeClientRank = z.infer<typeof employeeClientRankSchema>;

export const employeeRankSummarySchema = z.object({
  /** Clients A–Z by name. */
  clients: z.array(employeeClientRankSchema),
  recentAlerts: z.array(gridAlertSchema.extend({ companyName: z.string() })),
});
export type EmployeeRankSummary = z.infer<typeof employeeRankSummarySchema>;
