import { z } from 'zod';
import { calendarDaySchema, refineDayRange, timeZoneSchema } from './date-ranges';

export const overviewParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

/**
 * `POST /api/uni/charts/overview/{id}?from=YYYY-MM-DD&to=YYYY-MM-DD&tz=Area/City` (SPEC §7:
 * a POST with a query string). Both days or neither (then the last 90 days); `tz` is the
 * user's zone, the company's when absent. The comparison period is computed by the server.
 */
export const overviewQuerySchema = z
  .object({
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    tz: timeZoneSchema.optional(),
  })
  .superRefine(refineDayRange);
export type OverviewQuery = z.input<typeof overviewQuerySchema>;

export const dayRangeSchema = z.object({ from: z.string(), to: z.string() });

/** Change against the previous period. `new` when there was nothing before (never ∞ %). */
export const kpiTrendSchema = z.object({
  direction: z.enum(['up', 'down', 'flat', 'new']),
  /** Whole percent change, null when the direction is `new`. */
  percent: z.number().int().nullable(),
});
export type KpiTrend = z.infer<typeof kpiTrendSchema>;

export const overviewKpiSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** One sentence on what is counted, for the card's description. */
  description: z.string(),
  value: z.number().int(),
  previous: z.number().int(),
  trend: kpiTrendSchema,
  /** Which way is good news, if either: the page words and colours the trend with it. */
  better: z.enum(['up', 'down']).nullable(),
  /** How to show the value: a count, or money in cents (absent: a count). */
  format: z.enum(['count', 'money']).optional(),
  /** The dashboard page that details the figure (`/dashboard/…`), if any. */
  link: z.string().optional(),
});
export type OverviewKpi = z.infer<typeof overviewKpiSchema>;

export const overviewResponseSchema = z.object({
  companyId: z.number().int(),
  timeZone: z.string(),
  range: dayRangeSchema,
  previousRange: dayRangeSchema,
  /** Only the KPIs of sections that exist: a section not built yet adds nothing. */
  kpis: z.array(overviewKpiSchema),
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

export function kpiTrend(value: number, previous: number): KpiTrend {
  if (previous === 0)
    return value === 0 ? { direction: 'flat', percent: 0 } : { direction: 'new', percent: null };
  const percent = Math.round(((value - previous) / previous) * 100);
  if (value === previous) return { direction: 'flat', percent: 0 };
  return { direction: value > previous ? 'up' : 'down', percent };
}
