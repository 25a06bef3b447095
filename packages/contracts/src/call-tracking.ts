import { z } from 'zod';
import { calendarDaySchema, refineDayRange, timeZoneSchema } from './date-ranges';
import { connectionStatusSchema } from './vendor-connections';

/**
 * Call tracking (SPEC §7 `ctm/{id}`): calls to a company's tracking numbers, synced from a
 * CallTrackingMetrics-style vendor. `GET /api/uni/products/ctm/{productId}` is the range's
 * summary, `…/calls` the call list, `…/calls/{callId}/recording` the audio (audio/mpeg).
 */
export const CALL_STATUSES = ['answered', 'missed', 'voicemail'] as const;
export const callStatusSchema = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof callStatusSchema>;
export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  answered: 'Answered',
  missed: 'Missed',
  voicemail: 'Voicemail',
};

/** The recording rule is SPEC §5's, as for LSA recordings. */
export const CALL_RECORDING_CONTENT_TYPE = 'audio/mpeg';
export const CALL_RECORDING_TYPE_ERROR = 'Invalid content type, expected binary data';

export const ctmProductParamsSchema = z.object({
  productId: z.coerce.number().int().positive(),
});
export const ctmCallParamsSchema = ctmProductParamsSchema.extend({
  callId: z.coerce.number().int().positive(),
});

/** The range of a summary, in `tz` (the company's zone when absent); last 30 days if omitted. */
export const ctmSummaryQuerySchema = z
  .object({
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    tz: timeZoneSchema.optional(),
  })
  .superRefine(refineDayRange);
export type CtmSummaryQuery = z.input<typeof ctmSummaryQuerySchema>;

export const CTM_CALLS_PAGE_SIZE_MAX = 100;

/**
 * The call list's filters: source (as the vendor names it), status, first-time callers
 * only or repeat only, text in the caller's number or city, a day range; newest first.
 */
export const ctmCallsQuerySchema = z
  .object({
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    tz: timeZoneSchema.optional(),
    source: z.string().trim().min(1).max(100).optional(),
    status: callStatusSchema.optional(),
    firstTime: z.enum(['yes', 'no']).optional(),
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(CTM_CALLS_PAGE_SIZE_MAX).default(20),
  })
  .superRefine(refineDayRange);
export type CtmCallsQuery = z.input<typeof ctmCallsQuerySchema>;

/** Where the calls come from and how fresh they are (status null: no account connected). */
export const ctmFreshnessSchema = z.object({
  status: connectionStatusSchema.nullable(),
  lastSyncedAt: z.string().nullable(),
});
export type CtmFreshness = z.infer<typeof ctmFreshnessSchema>;

export const ctmSummarySchema = z.object({
  from: calendarDaySchema,
  to: calendarDaySchema,
  freshness: ctmFreshnessSchema,
  totals: z.object({
    calls: z.number().int(),
    answered: z.number().int(),
    missed: z.number().int(),
    voicemail: z.number().int(),
    firstTime: z.number().int(),
    /** Mean length of answered calls in seconds; null without answered calls. */
    averageDurationSeconds: z.number().int().nullable(),
  }),
  /** Every source with calls in the range, most calls first. */
  sources: z.array(z.object({ source: z.string(), calls: z.number().int() })),
  /** Every local day of the range: calls by source (the `sources` order) and by status. */
  days: z.array(
    z.object({
      day: calendarDaySchema,
      bySource: z.array(z.number().int()),
      answered: z.number().int(),
      missed: z.number().int(),
      voicemail: z.number().int(),
      firstTime: z.number().int(),
    }),
  ),
  /** The account's tracking numbers (published numbers, E.164) and what each tracks. */
  trackingNumbers: z.array(z.object({ number: z.string(), name: z.string(), source: z.string() })),
});
export type CtmSummary = z.infer<typeof ctmSummarySchema>;

export const ctmCallSchema = z.object({
  id: z.number().int(),
  calledAt: z.string(),
  source: z.string(),
  trackingNumber: z.string(),
  trackingNumberName: z.string().nullable(),
  /**
   * E.164 as stored. Shown whole, unlike LSA's masked consumers: these are the company's own
   * callers, and a missed call is worth returning.
   */
  callerNumber: z.string().nullable(),
  callerCity: z.string().nullable(),
  callerState: z.string().nullable(),
  durationSeconds: z.number().int(),
  talkTimeSeconds: z.number().int(),
  status: callStatusSchema,
  firstTime: z.boolean(),
  hasRecording: z.boolean(),
});
export type CtmCall = z.infer<typeof ctmCallSchema>;

export const ctmCallListSchema = z.object({
  items: z.array(ctmCallSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every source the account has calls from, for the filter. */
  sources: z.array(z.string()),
  freshness: ctmFreshnessSchema,
});
export type CtmCallList = z.infer<typeof ctmCallListSchema>;
