import { z } from 'zod';
import { calendarDaySchema, refineDayRange, timeZoneSchema } from './date-ranges';
import {
  requestStatusSchema,
  SOLICITATION_CHANNELS,
  type SolicitationChannel,
  sendTypeSchema,
} from './review-solicitation';

/**
 * The review-solicitation page's reads (issue 20): the page summary, the history of
 * requests with filters, one request's timeline and the totals with the conversion from
 * request to review over time. Base: `/api/uni/products/reviewsolicitation/{productId}`.
 */

export const SOLICITATION_PAGE_SIZE = 25;
export const SOLICITATION_PAGE_SIZE_MAX = 100;

/** Where messages go on this server: sent for real, or kept in the dev outbox. */
export const solicitationTransportsSchema = z.object({
  /** 'outbox': no SMTP_URL, emails are kept in the dev outbox and never sent. */
  email: z.enum(['smtp', 'outbox']),
  /** 'demo': texts are kept in the dev outbox and never sent. */
  sms: z.enum(['demo', 'twilio']),
});
export type SolicitationTransports = z.infer<typeof solicitationTransportsSchema>;

/** `GET …/reviewsolicitation/{productId}`: what the page needs before anything else. */
export const solicitationSummarySchema = z.object({
  product: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() }),
  /** The company has a Google place id, so there is a review link to send. */
  reviewLink: z.boolean(),
  transports: solicitationTransportsSchema,
});
export type SolicitationSummary = z.infer<typeof solicitationSummarySchema>;

const channelSchema = z.enum(SOLICITATION_CHANNELS);

/** Range days (`from`, `to`) are counted in `tz` (default: the company's zone). */
const rangeFields = {
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  tz: timeZoneSchema.optional(),
};

/** `GET …/{productId}/requests`: filters and paging; the range is on when it was asked. */
export const solicitationRequestsQuerySchema = z
  .object({
    ...rangeFields,
    status: requestStatusSchema.optional(),
    /** Requests with a message on this channel. */
    channel: channelSchema.optional(),
    /** Part of the customer's name, phone or email. */
    q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(SOLICITATION_PAGE_SIZE_MAX)
      .default(SOLICITATION_PAGE_SIZE),
  })
  .superRefine(refineDayRange);
export type SolicitationRequestsQuery = z.input<typeof solicitationRequestsQuerySchema>;

export const solicitationRequestItemSchema = z.object({
  id: z.number().int(),
  contactName: z.string(),
  /**
   * Masked enough to tell customers apart on a shared screen (`•••-•••-4567`,
   * `j•••@example.com`); the full address is the client's own record, not the list's.
   */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  sendType: sendTypeSchema,
  status: requestStatusSchema,
  createdAt: z.string(),
  scheduledFor: z.string(),
  /** The first time a message of the request was sent (or kept in the outbox). */
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type SolicitationRequestItem = z.infer<typeof solicitationRequestItemSchema>;

export const solicitationRequestsPageSchema = z.object({
  items: z.array(solicitationRequestItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SolicitationRequestsPage = z.infer<typeof solicitationRequestsPageSchema>;

export const solicitationRequestParamsSchema = z.object({
  productId: z.coerce.number().int().positive(),
  requestId: z.coerce.number().int().positive(),
});

export const solicitationMessageItemSchema = z.object({
  id: z.number().int(),
  channel: channelSchema,
  /** Masked like the list's. */
  to: z.string(),
  status: z.string(),
  sendAfter: z.string(),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  failureReason: z.string().nullable(),
});

export const solicitationEventItemSchema = z.object({
  id: z.number().int(),
  /** 'created' | 'waiting' | 'sent' | 'held' | 'delivered' | 'failed' | 'retrying' | 'clicked' | … */
  type: z.string(),
  at: z.string(),
  channel: channelSchema.nullable(),
  /** A short human note from the event's record (a failure's reason, how long it waits). */
  note: z.string().nullable(),
});
export type SolicitationEventItem = z.infer<typeof solicitationEventItemSchema>;

/** `GET …/{productId}/requests/{requestId}`: the request, its messages and its timeline. */
export const solicitationRequestDetailSchema = z.object({
  request: solicitationRequestItemSchema,
  templateName: z.string().nullable(),
  consent: z.object({ at: z.string(), source: z.string() }),
  contactTimeZone: z.string(),
  fromBatch: z.boolean(),
  messages: z.array(solicitationMessageItemSchema),
  /** Oldest first. */
  events: z.array(solicitationEventItemSchema),
});
export type SolicitationRequestDetail = z.infer<typeof solicitationRequestDetailSchema>;

/** `GET …/{productId}/stats`: the range's days in `tz` (default the company's, 90 days). */
export const solicitationStatsQuerySchema = z.object(rangeFields).superRefine(refineDayRange);

export const solicitationTotalsSchema = z.object({
  requests: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  clicked: z.number().int(),
  reviewed: z.number().int(),
  optedOut: z.number().int(),
  failed: z.number().int(),
  /** Kept in the dev outbox: never sent. */
  held: z.number().int(),
});
export type SolicitationTotals = z.infer<typeof solicitationTotalsSchema>;

export const solicitationWeekSchema = z.object({
  /** The Monday that starts the week, a calendar day in the range's zone. */
  week: z.string(),
  requests: z.number().int(),
  clicked: z.number().int(),
  reviewed: z.number().int(),
  /** reviewed ÷ requests, 0..1; null for a week without requests. */
  rate: z.number().nullable(),
});
export type SolicitationWeek = z.infer<typeof solicitationWeekSchema>;

export const solicitationStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  totals: solicitationTotalsSchema,
  weeks: z.array(solicitationWeekSchema),
});
export type SolicitationStats = z.infer<typeof solicitationStatsSchema>;

export const SOLICITATION_CHANNEL_LABELS: Record<SolicitationChannel, string> = {
  sms: 'SMS',
  email: 'Email',
};
