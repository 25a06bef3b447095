import { z } from 'zod';

/**
 * How many rank grid points a client company may have searched per UTC day, and what a trial
 * lead may run (issue 6). Scans cost real money with a live provider, so person-requested scans
 * are held to a daily budget; the server enforces it, and `GET /api/localrank/quota` shows what
 * is left before a scan is started.
 */

/** A trial (freemium) lead's scans per UTC day. */
export const TRIAL_SCANS_PER_DAY = 3;
/** The largest grid a trial lead may request (N of N×N). */
export const TRIAL_MAX_GRID_SIZE = 7;
/** A company's searched points per UTC day when PINPOINT_SCAN_POINTS_PER_DAY is not set. */
export const DEFAULT_SCAN_POINTS_PER_DAY = 5_000;

/**
 * `client_companies.status` of the company a trial lead's own scans belong to. It is not one of
 * the agency's clients: staff lists and client records leave it out.
 */
export const TRIAL_COMPANY_STATUS = 'trial';

export const trialScansExceededMessage = (limit: number) =>
  `Trial accounts can run ${limit} scans a day. Your next scan is available at 00:00 UTC.`;
export const trialGridTooLargeMessage = (max: number) => `Trial grids are at most ${max}×${max}.`;
export const gridTooLargeMessage = (max: number) => `Grids are at most ${max}×${max}.`;

/** `GET /api/localrank/quota?companyId=`: the company is required except for trial leads. */
export const scanQuotaQuerySchema = z.object({
  companyId: z.coerce
    .number({ error: 'Choose a company.' })
    .int({ error: 'Choose a company.' })
    .positive({ error: 'Choose a company.' })
    .optional(),
});
export type ScanQuotaQuery = z.infer<typeof scanQuotaQuerySchema>;

export const quotaCounterSchema = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  /** Never below 0. */
  remaining: z.number().int(),
});
export type QuotaCounter = z.infer<typeof quotaCounterSchema>;

export const scanQuotaSchema = z.object({
  /** `trial`: a trial lead's own quota; `company`: a client company's. */
  scope: z.enum(['company', 'trial']),
  /** The company the scans are counted for; null for a lead who has not scanned yet. */
  companyId: z.number().int().nullable(),
  /** The UTC day counted, YYYY-MM-DD. */
  day: z.string(),
  /** The next UTC midnight, when the counters start again (ISO 8601). */
  resetsAt: z.string(),
  /** The largest grid (N of N×N) this caller may request. */
  maxGridSize: z.number().int(),
  /** Points searched today for the company (all scans, scheduled ones included). */
  points: quotaCounterSchema,
  /** Trial leads only: scans requested today. */
  scans: quotaCounterSchema.nullable(),
});
export type ScanQuota = z.infer<typeof scanQuotaSchema>;
