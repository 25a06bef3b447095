import { z } from 'zod';
import { calendarDaySchema, refineDayRange } from './date-ranges';
import { estimatorRequestSchema, estimatorResponseSchema } from './google-ads-estimator';

/**
 * Google Ads (SPEC §7): `POST /api/googleads/` with `{ report, productId, … }`, one report
 * per name, and the geo target constants under `/api/googleads/geotargets`. Figures come
 * from our tables (synced daily, today's hourly); money is integer cents.
 */
export const GOOGLE_ADS_REPORTS = [
  'performance/report',
  'leads',
  'account/metrics',
  'account/snapshot',
  'campaigns/metrics',
  'reports/locations',
  'campaigns/schedules',
  'reports/keywords',
  'info/ads',
  'ads/all',
  'assets/images',
  'estimator/calculate',
] as const;
export type GoogleAdsReportName = (typeof GOOGLE_ADS_REPORTS)[number];

const productId = z.number().int().positive().max(2_147_483_647);
const ranged = { productId, from: calendarDaySchema, to: calendarDaySchema };
const paged = {
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(25),
};
const rangeRefine = (value: { from: string; to: string }, ctx: z.RefinementCtx) =>
  refineDayRange(value, ctx);

const rangedReport = <N extends GoogleAdsReportName>(report: N) =>
  z.object({ report: z.literal(report), ...ranged }).superRefine(rangeRefine);

export const googleAdsRequestSchema = z.discriminatedUnion('report', [
  rangedReport('performance/report'),
  rangedReport('account/metrics'),
  rangedReport('account/snapshot'),
  rangedReport('campaigns/metrics'),
  z
    .object({
      report: z.literal('leads'),
      ...ranged,
      ...paged,
      kind: z.enum(['call', 'form']).optional(),
    })
    .superRefine(rangeRefine),
  z
    .object({ report: z.literal('reports/locations'), ...ranged, ...paged })
    .superRefine(rangeRefine),
  z.object({ report: z.literal('reports/keywords'), ...ranged, ...paged }).superRefine(rangeRefine),
  z
    .object({
      report: z.literal('ads/all'),
      ...ranged,
      ...paged,
      status: z.enum(['ENABLED', 'PAUSED']).optional(),
    })
    .superRefine(rangeRefine),
  z.object({ report: z.literal('campaigns/schedules'), productId }),
  z.object({ report: z.literal('info/ads'), productId }),
  z.object({ report: z.literal('assets/images'), productId, ...paged }),
  estimatorRequestSchema,
]);
export type GoogleAdsRequest = z.input<typeof googleAdsRequestSchema>;

/** Sums over a range; the ratios are null where their denominator is zero. */
export const googleAdsMetricsSchema = z.object({
  impressions: z.number().int(),
  clicks: z.number().int(),
  costCents: z.number().int(),
  calls: z.number().int(),
  forms: z.number().int(),
  conversions: z.number().int(),
  /** clicks / impressions, 0–1. */
  ctr: z.number().nullable(),
  averageCpcCents: z.number().int().nullable(),
  costPerConversionCents: z.number().int().nullable(),
});
export type GoogleAdsMetrics = z.infer<typeof googleAdsMetricsSchema>;

export const googleAdsDaySchema = z.object({
  date: z.string(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  costCents: z.number().int(),
  calls: z.number().int(),
  forms: z.number().int(),
});

export const adScheduleEntrySchema = z.object({
  day: z.string(),
  startHour: z.number().int(),
  startMinute: z.number().int(),
  endHour: z.number().int(),
  endMinute: z.number().int(),
});
export type AdScheduleEntry = z.infer<typeof adScheduleEntrySchema>;

const pageOf = <T extends z.ZodType>(row: T) => ({
  rows: z.array(row),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const googleAdsCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  channelType: z.string(),
  status: z.string(),
  budgetCents: z.number().int().nullable(),
  metrics: googleAdsMetricsSchema,
});
export type GoogleAdsCampaign = z.infer<typeof googleAdsCampaignSchema>;

export const googleAdsAdSchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.string(),
  campaignName: z.string(),
  adGroupName: z.string(),
  headlines: z.array(z.string()),
  descriptions: z.array(z.string()),
  finalUrl: z.string().nullable(),
  metrics: googleAdsMetricsSchema,
});
export type GoogleAdsAd = z.infer<typeof googleAdsAdSchema>;

export const googleAdsLeadSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['call', 'form']),
  occurredAt: z.string(),
  campaignName: z.string().nullable(),
  callerAreaCode: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  formFields: z.array(z.object({ name: z.string(), value: z.string() })).nullable(),
});
export type GoogleAdsLead = z.infer<typeof googleAdsLeadSchema>;

export const googleAdsFreshnessSchema = z.object({
  status: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
});

export const googleAdsResponseSchema = z.discriminatedUnion('report', [
  z.object({ report: z.literal('performance/report'), days: z.array(googleAdsDaySchema) }),
  z.object({ report: z.literal('account/metrics'), metrics: googleAdsMetricsSchema }),
  z.object({
    report: z.literal('account/snapshot'),
    account: z.object({
      customerId: z.string(),
      name: z.string(),
      currencyCode: z.string(),
      timeZone: z.string(),
    }),
    current: googleAdsMetricsSchema,
    previous: googleAdsMetricsSchema,
    previousRange: z.object({ from: z.string(), to: z.string() }),
    freshness: googleAdsFreshnessSchema,
  }),
  z.object({
    report: z.literal('campaigns/metrics'),
    campaigns: z.array(googleAdsCampaignSchema),
    totals: googleAdsMetricsSchema,
  }),
  z.object({
    report: z.literal('leads'),
    calls: z.number().int(),
    forms: z.number().int(),
    ...pageOf(googleAdsLeadSchema),
  }),
  z.object({
    report: z.literal('reports/locations'),
    ...pageOf(
      z.object({
        geoTargetId: z.string(),
        name: z.string(),
        canonicalName: z.string(),
        metrics: googleAdsMetricsSchema,
      }),
    ),
  }),
  z.object({
    report: z.literal('reports/keywords'),
    ...pageOf(
      z.object({
        id: z.string(),
        text: z.string(),
        matchType: z.string(),
        qualityScore: z.number().int().nullable(),
        status: z.string(),
        campaignName: z.string(),
        metrics: googleAdsMetricsSchema,
      }),
    ),
  }),
  z.object({ report: z.literal('ads/all'), ...pageOf(googleAdsAdSchema) }),
  z.object({
    report: z.literal('campaigns/schedules'),
    campaigns: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        status: z.string(),
        schedule: z.array(adScheduleEntrySchema),
      }),
    ),
  }),
  z.object({
    report: z.literal('info/ads'),
    total: z.number().int(),
    enabled: z.number().int(),
    paused: z.number().int(),
    adGroups: z.number().int(),
    campaigns: z.number().int(),
  }),
  z.object({
    report: z.literal('assets/images'),
    ...pageOf(
      z.object({
        id: z.string(),
        name: z.string(),
        url: z.string(),
        width: z.number().int().nullable(),
        height: z.number().int().nullable(),
        fileSize: z.number().int().nullable(),
      }),
    ),
  }),
  estimatorResponseSchema,
]);
export type GoogleAdsResponse = z.infer<typeof googleAdsResponseSchema>;
export type GoogleAdsReportOf<N extends GoogleAdsResponse['report']> = Extract<
  GoogleAdsResponse,
  { report: N }
>;

/** Google's geo target constants (its CSV's columns). */
export const geoTargetSchema = z.object({
  criteriaId: z.string(),
  name: z.string(),
  canonicalName: z.string(),
  parentId: z.string().nullable(),
  countryCode: z.string(),
  targetType: z.string(),
  status: z.string(),
});
export type GeoTarget = z.infer<typeof geoTargetSchema>;

export const geoTargetQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  type: z.enum(['State', 'City', 'Country']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const geoTargetPageSchema = z.object(pageOf(geoTargetSchema));
export const geoTargetParamsSchema = z.object({
  code: z.string().regex(/^\d{4,10}$/, 'A geo target constant is 4 to 10 digits.'),
});

/** A customer id as Google shows it: 123-456-7890. */
export function formatCustomerId(id: string): string {
  const digits = id.replace(/\D/g, '');
  return digits.length === 10
    ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
    : id;
}
