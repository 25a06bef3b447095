import { z } from 'zod';
import { calendarDaySchema, refineDayRange, timeZoneSchema } from '../date-ranges';

/**
 * The admin grid report (`/dashboard/admin/grid-report`): every client's rank grid series
 * over a period, how ATRP and SoLV moved, the biggest gains and losses, and what failed.
 * A series is one company's keyword at one grid setting (DECISIONS.md "Rank grids": scans of
 * different settings are never merged).
 */

export const GRID_REPORT_PAGE_SIZE = 50;
export const GRID_REPORT_PAGE_MAX = 100;
/** Gains and losses listed, each. */
export const GRID_REPORT_MOVERS = 10;
/** Failure groups listed (the total is given too). */
export const GRID_REPORT_FAILURES_MAX = 100;
export const GRID_REPORT_DEFAULT_DAYS = 30;

const rangeFields = {
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  tz: timeZoneSchema.optional(),
};

/**
 * `GET /api/admin/grid-report.csv`: both days included, read in `tz` (default UTC);
 * neither day: the last 30 days.
 */
export const gridReportRangeSchema = z.object(rangeFields).superRefine(refineDayRange);
export type GridReportRange = z.infer<typeof gridReportRangeSchema>;

/** `GET /api/admin/grid-report`: the range and a page of series. */
export const gridReportQuerySchema = z
  .object({
    ...rangeFields,
    limit: z.coerce.number().int().min(1).max(GRID_REPORT_PAGE_MAX).default(GRID_REPORT_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine(refineDayRange);
export type GridReportQuery = z.infer<typeof gridReportQuerySchema>;

/** One series: its first and last finished scan in the period. */
export const gridReportRowSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: z.string(),
  /** Finished scans of the series in the period. */
  scans: z.number().int(),
  firstScanAt: z.string(),
  lastScanAt: z.string(),
  startAtrp: z.number(),
  endAtrp: z.number(),
  /** endAtrp − startAtrp: negative is better (a lower average rank). */
  atrpChange: z.number(),
  startSolv: z.number(),
  endSolv: z.number(),
  /** endSolv − startSolv, in percentage points: positive is better. */
  solvChange: z.number(),
});
export type GridReportRow = z.infer<typeof gridReportRowSchema>;

/**
 * Failures of one company's keyword. The engine stores no error text for a point: a point
 * in `error` is one whose search failed on every attempt (the provider's message is logged
 * only), and a scan is `failed` when none of its points could be searched.
 */
export const gridReportFailureSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  keyword: z.string(),
  failedScans: z.number().int(),
  /** Points left in `error` in scans of the period (failed scans' included). */
  errorPoints: z.number().int(),
  /** Searches tried for those points, retries included. */
  attempts: z.number().int(),
  lastAt: z.string(),
});
export type GridReportFailure = z.infer<typeof gridReportFailureSchema>;

export const gridReportSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  totals: z.object({
    series: z.number().int(),
    /** Finished (done) scans in the period. */
    scans: z.number().int(),
    failedScans: z.number().int(),
    errorPoints: z.number().int(),
  }),
  rows: z.array(gridReportRowSchema),
  limit: z.number().int(),
  offset: z.number().int(),
  /** The biggest ATRP improvements (most negative change first), series with 2+ scans. */
  gains: z.array(gridReportRowSchema),
  /** The biggest ATRP declines (largest positive change first). */
  losses: z.array(gridReportRowSchema),
  failures: z.array(gridReportFailureSchema),
  failureGroups: z.number().int(),
});
export type GridReport = z.infer<typeof gridReportSchema>;

/** `GET /api/admin/grid-clients`: client companies to choose for a batch. */
export const GRID_CLIENTS_PAGE_SIZE = 25;
export const gridClientsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const gridClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  activeConfigs: z.number().int(),
});
export type GridClient = z.infer<typeof gridClientSchema>;
export const gridClientListSchema = z.object({
  items: z.array(gridClientSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Active clients with at least one active config: what "all clients" runs. */
  runnableClients: z.number().int(),
});
export type GridClientList = z.infer<typeof gridClientListSchema>;
