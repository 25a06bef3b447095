import { z } from 'zod';
import { calendarDaySchema, refineDayRange, timeZoneSchema } from './date-ranges';

/**
 * The ROI center (`/dashboard/roi-center`): what the client spent (ad spend from the ads
 * sections plus the agency's fees from billing) against the leads that came in and the
 * value of those that were won, for a range and by month, by channel.
 */

/** The channels ROI splits by, in display order. */
export const ROI_CHANNELS = ['google_ads', 'lsa', 'facebook', 'calls_website', 'other'] as const;
export const roiChannelSchema = z.enum(ROI_CHANNELS);
export type RoiChannel = z.infer<typeof roiChannelSchema>;

export const ROI_CHANNEL_LABELS: Record<RoiChannel, string> = {
  google_ads: 'Google Ads',
  lsa: 'Local Services Ads',
  facebook: 'Facebook',
  calls_website: 'Calls & website',
  other: 'Other',
};

/** A lead's first source → its channel (customer_leads.first_source; unknown ones are Other). */
export function roiChannelOfSource(source: string): RoiChannel {
  switch (source) {
    case 'google_ads':
      return 'google_ads';
    case 'lsa':
      return 'lsa';
    case 'facebook':
      return 'facebook';
    case 'call':
    case 'form':
      return 'calls_website';
    default:
      return 'other';
  }
}

/** A billed product (invoice_lines.product_slug) → the channel its fee counts in. */
export function roiChannelOfProduct(slug: string): RoiChannel {
  switch (slug) {
    case 'google-ads':
    case 'ads-xpress':
      return 'google_ads';
    case 'local-services-ads':
      return 'lsa';
    case 'facebook-ads':
      return 'facebook';
    default:
      return 'other';
  }
}

/** What a won lead without a value of its own is worth when the client has set nothing: $500. */
export const DEFAULT_AVG_JOB_VALUE_CENTS = 50_000;
/** The highest average job value accepted: $1,000,000 (a typing slip beyond it). */
export const MAX_AVG_JOB_VALUE_CENTS = 100_000_000;

/** ROI's default range: this month to today and the 11 whole months before it. */
export function roiDefaultRange(today: string): { from: string; to: string } {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7)) - 11;
  if (month < 1) {
    month += 12;
    year -= 1;
  }
  return { from: `${year}-${String(month).padStart(2, '0')}-01`, to: today };
}

export const roiParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

/**
 * `GET /api/uni/client/roi/{id}?from=YYYY-MM-DD&to=YYYY-MM-DD&tz=Area/City`: both days or
 * neither (then the last 12 months: the 11 whole months before this one and this month to
 * today); `tz` is the user's zone (leads' days), the company's when absent.
 */
export const roiQuerySchema = z
  .object({
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    tz: timeZoneSchema.optional(),
  })
  .superRefine(refineDayRange);
export type RoiQuery = z.input<typeof roiQuerySchema>;

/** One set of figures (the range's totals, a month, a channel). Ratios over nothing are null. */
export const roiFiguresSchema = z.object({
  /** Ad spend plus fees. */
  spendCents: z.number().int(),
  adSpendCents: z.number().int(),
  feesCents: z.number().int(),
  leads: z.number().int(),
  won: z.number().int(),
  /** Won leads' own values plus the average job value for each won lead without one. */
  wonValueCents: z.number().int(),
  /** How much of wonValueCents is the average job value standing in for a missing value. */
  estimatedValueCents: z.number().int(),
  /** Won leads that had no value of their own. */
  wonWithoutValue: z.number().int(),
  /** Spend ÷ leads; null without leads. */
  costPerLeadCents: z.number().int().nullable(),
  /** Won value ÷ spend (2.5 = $2.50 back per $1); null without spend. */
  returnOnSpend: z.number().nullable(),
  /** Won ÷ leads; null without leads. */
  winRate: z.number().nullable(),
});
export type RoiFigures = z.infer<typeof roiFiguresSchema>;

export const roiMonthSchema = roiFiguresSchema.extend({
  /** `yyyy-MM`. */
  month: z.string(),
  /** The month's days inside the range (the first and last month may be partial). */
  from: z.string(),
  to: z.string(),
});
export type RoiMonth = z.infer<typeof roiMonthSchema>;

export const roiChannelRowSchema = roiFiguresSchema.extend({
  channel: roiChannelSchema,
  label: z.string(),
  /** What this channel holds: which lead sources and which spend. */
  description: z.string(),
});
export type RoiChannelRow = z.infer<typeof roiChannelRowSchema>;

export const roiSettingsViewSchema = z.object({
  avgJobValueCents: z.number().int(),
  /** True when the client has set nothing and the default stands in. */
  isDefault: z.boolean(),
  /** Whether the caller may change it (the client's members and admins). */
  canChange: z.boolean(),
});
export type RoiSettingsView = z.infer<typeof roiSettingsViewSchema>;

/** "How this is counted", one short text per figure. */
export const ROI_NOTE_KEYS = [
  'spend',
  'adSpend',
  'fees',
  'leads',
  'won',
  'wonValue',
  'costPerLead',
  'returnOnSpend',
  'channels',
] as const;
export const roiNotesSchema = z.object(
  Object.fromEntries(ROI_NOTE_KEYS.map((key) => [key, z.string()])) as Record<
    (typeof ROI_NOTE_KEYS)[number],
    z.ZodString
  >,
);
export type RoiNotes = z.infer<typeof roiNotesSchema>;

export const roiResponseSchema = z.object({
  companyId: z.number().int(),
  timeZone: z.string(),
  range: z.object({ from: z.string(), to: z.string() }),
  totals: roiFiguresSchema,
  months: z.array(roiMonthSchema),
  channels: z.array(roiChannelRowSchema),
  settings: roiSettingsViewSchema,
  notes: roiNotesSchema,
});
export type RoiResponse = z.infer<typeof roiResponseSchema>;

/** `PUT /api/uni/client/roi/{id}/settings`: the average job value, in whole cents. */
export const roiSettingsInputSchema = z.object({
  avgJobValueCents: z
    .number({ message: 'Enter the average job value as a number.' })
    .int({ message: 'Enter the average job value in whole cents.' })
    .min(0, { message: 'The average job value cannot be negative.' })
    .max(MAX_AVG_JOB_VALUE_CENTS, {
      message: 'The average job value can be at most $1,000,000.',
    }),
});
export type RoiSettingsInput = z.infer<typeof roiSettingsInputSchema>;

/** "$1,234.56" or "$1,234" from cents (whole dollars when asked). */
export function formatRoiMoney(cents: number, options: { whole?: boolean } = {}): string {
  const digits = options.whole ? 0 : 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
}
