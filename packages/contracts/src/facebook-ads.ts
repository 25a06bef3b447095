import { z } from 'zod';
import { calendarDaySchema, refineDayRange } from './date-ranges';
import { connectionStatusSchema } from './vendor-connections';

/**
 * Facebook Ads (Meta Marketing API insights, synced into `fbads_*`): the product page's
 * report (`POST /api/uni/products/fbads/{productId}/report`, SPEC §7 product overviews) and
 * the staff sales estimate (`/api/fbads/sales/…`, SPEC §7 "Facebook ads sales").
 */

/** The report's range: the ad account's own days (Graph's `date_start`), both required. */
export const fbadsReportBodySchema = z
  .object({ from: calendarDaySchema, to: calendarDaySchema })
  .superRefine(refineDayRange);
export type FbadsReportBody = z.infer<typeof fbadsReportBodySchema>;

/**
 * Figures that add up across days and campaigns. `reachDailySum` is the sum of each day's
 * unique reach: an upper bound on the people reached (one person seen on two days counts
 * twice), never presented as unique reach.
 */
export const fbadsFiguresSchema = z.object({
  spendCents: z.number().int(),
  impressions: z.number().int(),
  reachDailySum: z.number().int(),
  clicks: z.number().int(),
  leads: z.number().int(),
});
export type FbadsFigures = z.infer<typeof fbadsFiguresSchema>;

export const fbadsDaySchema = fbadsFiguresSchema.extend({ day: calendarDaySchema });
export const fbadsCampaignRowSchema = fbadsFiguresSchema.extend({
  campaignId: z.string(),
  name: z.string(),
  objective: z.string(),
  status: z.string(),
  dailyBudgetCents: z.number().int().nullable(),
});
export type FbadsCampaignRow = z.infer<typeof fbadsCampaignRowSchema>;

export const fbadsReportSchema = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  previousRange: z.object({ from: z.string(), to: z.string() }),
  totals: fbadsFiguresSchema,
  previousTotals: fbadsFiguresSchema,
  /** Every day of the range, zero-filled, oldest first. */
  days: z.array(fbadsDaySchema),
  /** Campaigns with figures in the range, biggest spend first. */
  campaigns: z.array(fbadsCampaignRowSchema),
  connection: z
    .object({ status: connectionStatusSchema, lastSyncedAt: z.string().nullable() })
    .nullable(),
});
export type FbadsReport = z.infer<typeof fbadsReportSchema>;

/** Ratios from the added-up figures; null where the divisor is zero. */
export function fbadsRatios(f: FbadsFigures) {
  return {
    ctr: f.impressions > 0 ? f.clicks / f.impressions : null,
    cpcCents: f.clicks > 0 ? Math.round(f.spendCents / f.clicks) : null,
    costPerLeadCents: f.leads > 0 ? Math.round(f.spendCents / f.leads) : null,
  };
}

/** The goals a sales estimate is made for, each the campaign objectives that count for it. */
export const FBADS_GOALS = [
  { id: 'leads', name: 'Leads (lead forms)', objectives: ['OUTCOME_LEADS', 'LEAD_GENERATION'] },
  { id: 'traffic', name: 'Website traffic', objectives: ['OUTCOME_TRAFFIC', 'LINK_CLICKS'] },
  { id: 'awareness', name: 'Awareness', objectives: ['OUTCOME_AWARENESS', 'REACH'] },
] as const;
export const fbadsGoalSchema = z.enum(['leads', 'traffic', 'awareness']);
export type FbadsGoal = z.infer<typeof fbadsGoalSchema>;

export const fbadsGoalListSchema = z.object({
  items: z.array(z.object({ id: fbadsGoalSchema, name: z.string() })),
});

/** Industries are our verticals, with how many synced campaigns each has to learn from. */
export const fbadsIndustryListSchema = z.object({
  items: z.array(z.object({ slug: z.string(), name: z.string(), campaigns: z.number().int() })),
});

export const fbadsEstimateBodySchema = z.object({
  industry: z.string().trim().min(1, 'Choose an industry.').max(80),
  goal: fbadsGoalSchema,
  monthlyBudgetCents: z
    .number({ error: 'Enter a monthly budget.' })
    .int('Enter whole cents.')
    .min(10_000, 'The budget must be at least $100.')
    .max(100_000_000, 'The budget must be at most $1,000,000.'),
});
export type FbadsEstimateBody = z.infer<typeof fbadsEstimateBodySchema>;

const bandSchema = z.object({
  low: z.number().int(),
  mid: z.number().int(),
  high: z.number().int(),
});

/**
 * An estimate from the model in areas/facebook-ads/fbads-estimate.ts: medians (mid) and
 * quartiles (low/high) of our own synced campaigns' cost per 1,000 impressions and cost
 * per lead, applied to the budget. `basis` says whether the industry had enough campaigns.
 */
export const fbadsEstimateSchema = z.object({
  industry: z.string(),
  goal: fbadsGoalSchema,
  monthlyBudgetCents: z.number().int(),
  basis: z.enum(['industry', 'all-industries', 'none']),
  sample: z.object({
    campaigns: z.number().int(),
    companies: z.number().int(),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  cpmCents: bandSchema.nullable(),
  costPerLeadCents: bandSchema.nullable(),
  impressions: bandSchema.nullable(),
  /** Sum of daily reach over a month: an upper bound on unique people. */
  reachDailySum: bandSchema.nullable(),
  leads: bandSchema.nullable(),
  method: z.string(),
});
export type FbadsEstimate = z.infer<typeof fbadsEstimateSchema>;
