import { z } from 'zod';
import { calendarDaySchema, refineDayRange, timeZoneSchema } from './date-ranges';
import { connectionStatusSchema } from './vendor-connections';

/**
 * Local Services Ads (SPEC §7 `/api/lsa/…`): leads and account figures synced from the
 * Google Ads API (`local_services_lead`, `local_services_lead_conversation`, the LSA
 * campaigns' daily metrics). Every route is a POST with the product id in the body.
 */
export const LSA_LEAD_TYPES = ['PHONE_CALL', 'MESSAGE', 'BOOKING'] as const;
export const lsaLeadTypeSchema = z.enum(LSA_LEAD_TYPES);
export type LsaLeadType = z.infer<typeof lsaLeadTypeSchema>;
export const LSA_LEAD_TYPE_LABELS: Record<LsaLeadType, string> = {
  PHONE_CALL: 'Phone',
  MESSAGE: 'Message',
  BOOKING: 'Booking',
};

/** Google's `LocalServicesLeadStatus` values, as Google names them. */
export const LSA_LEAD_STATUSES = [
  'NEW',
  'ACTIVE',
  'BOOKED',
  'DECLINED',
  'EXPIRED',
  'DISABLED',
  'CONSUMER_DECLINED',
  'WIPED_OUT',
] as const;
export const lsaLeadStatusSchema = z.enum(LSA_LEAD_STATUSES);
export type LsaLeadStatus = z.infer<typeof lsaLeadStatusSchema>;

/** `credit_details.credit_state`: a disputed lead is PENDING until Google credits it. */
export const LSA_CREDIT_STATES = ['PENDING', 'CREDITED'] as const;
export const lsaCreditStateSchema = z.enum(LSA_CREDIT_STATES);

/** The error SPEC §5 names for a recording that is not audio/mpeg. */
export const LSA_RECORDING_TYPE_ERROR = 'Invalid content type, expected binary data';
export const LSA_RECORDING_CONTENT_TYPE = 'audio/mpeg';

const productId = z.number({ message: 'Give the product id.' }).int().positive();

/** A report body: the product and a required day range in the user's time zone. */
export const lsaRangeRequestSchema = z
  .strictObject({
    productId,
    from: calendarDaySchema,
    to: calendarDaySchema,
    tz: timeZoneSchema.optional(),
  })
  .superRefine(refineDayRange);
export type LsaRangeRequest = z.input<typeof lsaRangeRequestSchema>;

export const LSA_LEADS_PAGE_SIZE_MAX = 100;

export const lsaLeadsRequestSchema = z
  .strictObject({
    productId,
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    tz: timeZoneSchema.optional(),
    type: lsaLeadTypeSchema.optional(),
    status: lsaLeadStatusSchema.optional(),
    charged: z.enum(['yes', 'no']).optional(),
    page: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(LSA_LEADS_PAGE_SIZE_MAX).default(20),
  })
  .superRefine(refineDayRange);
export type LsaLeadsRequest = z.input<typeof lsaLeadsRequestSchema>;

export const lsaRecordingRequestSchema = z.strictObject({
  productId,
  leadId: z.number({ message: 'Give the lead id.' }).int().positive(),
  /** One conversation of the lead; without it, the lead's first call with a recording. */
  conversationId: z.number().int().positive().optional(),
});
export type LsaRecordingRequest = z.input<typeof lsaRecordingRequestSchema>;

/** Where the figures come from and how fresh they are (null: the product has no account yet). */
export const lsaFreshnessSchema = z.object({
  status: connectionStatusSchema.nullable(),
  lastSyncedAt: z.string().nullable(),
});

export const lsaMetricsSchema = z.object({
  leads: z.number().int(),
  chargedLeads: z.number().int(),
  phoneLeads: z.number().int(),
  messageLeads: z.number().int(),
  bookingLeads: z.number().int(),
  /** Spend of the LSA campaigns in the range (daily account figures), in cents. */
  spendCents: z.number().int(),
  /** Spend ÷ charged leads, in cents; null without charged leads. */
  costPerLeadCents: z.number().int().nullable(),
  impressions: z.number().int(),
  phoneCalls: z.number().int(),
  freshness: lsaFreshnessSchema,
});
export type LsaMetrics = z.infer<typeof lsaMetricsSchema>;

export const lsaPerformanceSchema = z.object({
  byType: z.array(
    z.object({ type: lsaLeadTypeSchema, leads: z.number().int(), charged: z.number().int() }),
  ),
  byStatus: z.array(z.object({ status: lsaLeadStatusSchema, leads: z.number().int() })),
  byCategory: z.array(z.object({ category: z.string(), leads: z.number().int() })),
  disputed: z.number().int(),
  credited: z.number().int(),
  freshness: lsaFreshnessSchema,
});
export type LsaPerformance = z.infer<typeof lsaPerformanceSchema>;

/** One point per local day of the range (days without figures are zero, not missing). */
export const lsaReportSchema = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      leads: z.number().int(),
      chargedLeads: z.number().int(),
      spendCents: z.number().int(),
    }),
  ),
  freshness: lsaFreshnessSchema,
});
export type LsaReport = z.infer<typeof lsaReportSchema>;

export const lsaConversationSchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  participantType: z.string().nullable(),
  eventAt: z.string(),
  callDurationMs: z.number().int().nullable(),
  hasRecording: z.boolean(),
});

export const lsaLeadSchema = z.object({
  id: z.number().int(),
  type: lsaLeadTypeSchema,
  status: lsaLeadStatusSchema,
  charged: z.boolean(),
  creditState: lsaCreditStateSchema.nullable(),
  category: z.string(),
  /** Masked: "Maria G.", "(•••) •••-0147". */
  consumerName: z.string().nullable(),
  consumerPhone: z.string().nullable(),
  createdAt: z.string(),
  conversations: z.array(lsaConversationSchema),
});
export type LsaLead = z.infer<typeof lsaLeadSchema>;

export const lsaLeadListSchema = z.object({
  items: z.array(lsaLeadSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  freshness: lsaFreshnessSchema,
});
export type LsaLeadList = z.infer<typeof lsaLeadListSchema>;

/** "xcat:service_area_business_plumber" → "Plumber". */
export function lsaCategoryLabel(categoryId: string): string {
  const words = categoryId
    .replace(/^xcat:/, '')
    .replace(/^service_area_business_/, '')
    .split('_')
    .filter(Boolean);
  if (words.length === 0) return 'Uncategorised';
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
