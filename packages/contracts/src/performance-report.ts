import { z } from 'zod';
import { calendarDaySchema, refineDayRange } from './date-ranges';

/**
 * The performance report (SPEC §3 "Performance report", §7
 * `POST /api/uni/charts/performancereport/{google|listings|facebook|fbads|web}/{id}{query}`):
 * one company's daily figures per source, read from what the syncs stored, with totals and
 * the previous period of equal length. Sources the company has no connection for are left
 * out of `sources`, never answered as zeros.
 */
export const PERFORMANCE_SOURCES = ['google', 'listings', 'facebook', 'fbads', 'web'] as const;
export const performanceSourceSchema = z.enum(PERFORMANCE_SOURCES);
export type PerformanceSource = z.infer<typeof performanceSourceSchema>;

export const PERFORMANCE_SOURCE_TITLES: Record<PerformanceSource, string> = {
  google: 'Google Business Profile',
  listings: 'Listings',
  facebook: 'Facebook page',
  fbads: 'Facebook Ads',
  web: 'Website',
};

export const performanceReportParamsSchema = z.object({
  source: performanceSourceSchema,
  id: z.coerce.number().int().positive(),
});
export const performanceCompanyParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

/** The range (both days required) and, for Google, one location (a connection) or all. */
export const performanceReportBodySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    connectionId: z.number().int().positive().optional(),
  })
  .superRefine(refineDayRange);
export type PerformanceReportBody = z.infer<typeof performanceReportBodySchema>;

/** The PDF's query: the range, the sources to draw (comma-separated), one location. */
export const performancePdfQuerySchema = z
  .object({
    from: calendarDaySchema,
    to: calendarDaySchema,
    sources: z
      .string()
      .optional()
      .transform((s, ctx) => {
        if (!s) return undefined;
        const list = s.split(',').filter(Boolean);
        for (const item of list) {
          if (!performanceSourceSchema.safeParse(item).success) {
            ctx.addIssue({ code: 'custom', message: `Unknown source "${item}".` });
            return z.NEVER;
          }
        }
        return list as PerformanceSource[];
      }),
    connectionId: z.coerce.number().int().positive().optional(),
  })
  .superRefine(refineDayRange);
export type PerformancePdfQuery = z.output<typeof performancePdfQuerySchema>;

export const performanceMetricSchema = z.object({ key: z.string(), label: z.string() });
export type PerformanceMetric = z.infer<typeof performanceMetricSchema>;

const valuesSchema = z.record(z.string(), z.number().int());

export const performanceSeriesSchema = z.object({
  source: performanceSourceSchema,
  title: z.string(),
  range: z.object({ from: calendarDaySchema, to: calendarDaySchema }),
  previousRange: z.object({ from: calendarDaySchema, to: calendarDaySchema }),
  metrics: z.array(performanceMetricSchema),
  /** Every day of the range, zero where nothing was stored for it. */
  days: z.array(z.object({ day: calendarDaySchema, values: valuesSchema })),
  totals: valuesSchema,
  previousTotals: valuesSchema,
  /** When the data behind it was last synced (the oldest of its connections), ISO. */
  lastSyncedAt: z.string().nullable(),
});
export type PerformanceSeries = z.infer<typeof performanceSeriesSchema>;

export const performanceSourcesSchema = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  /** The sources this company has data for, in the report's order. */
  sources: z.array(
    z.object({
      source: performanceSourceSchema,
      title: z.string(),
      /** The company's products that feed it (the products filter narrows sources by them). */
      productIds: z.array(z.number().int()),
    }),
  ),
  /** Sources not shown, and why (not bought, or nothing synced for them yet). */
  missing: z.array(
    z.object({ source: performanceSourceSchema, title: z.string(), reason: z.string() }),
  ),
  products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      source: performanceSourceSchema.nullable(),
    }),
  ),
  /** The Business Profile locations (connections), for the address filter. */
  locations: z.array(z.object({ connectionId: z.number().int(), name: z.string() })),
});
export type PerformanceSources = z.infer<typeof performanceSourcesSchema>;

/**
 * A metric's value as people read it: money metrics (keys ending in `Cents`, stored as
 * integer cents) in dollars, counts with separators. Used by the page, the CSV and the PDF.
 */
export function formatPerformanceValue(key: string, value: number): string {
  if (key.endsWith('Cents')) {
    return (value / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  }
  return value.toLocaleString('en-US');
}
