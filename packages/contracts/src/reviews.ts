import { z } from 'zod';
import { calendarDaySchema, refineDayRange, timeZoneSchema } from './date-ranges';
import { outboxStatusSchema, vendorConnectionSchema } from './vendor-connections';

/** Products whose page has a reviews sub-page, and where their reviews come from. */
export const REVIEW_SOURCES = ['google', 'facebook'] as const;
export const reviewSourceSchema = z.enum(REVIEW_SOURCES);
export type ReviewSource = z.infer<typeof reviewSourceSchema>;

/** `/api/uni/products/reviews/{productId}` (SPEC §7), a product instance's id. */
export const productIdParamsSchema = z.object({
  productId: z.coerce.number().int().positive(),
});
export const reviewParamsSchema = productIdParamsSchema.extend({
  reviewId: z.coerce.number().int().positive(),
});

export const REVIEW_SORTS = ['newest', 'oldest', 'lowest', 'highest'] as const;
export const REVIEW_SORT_LABELS: Record<(typeof REVIEW_SORTS)[number], string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  lowest: 'Lowest rating first',
  highest: 'Highest rating first',
};
export const REVIEWS_PAGE_SIZE_MAX = 100;

/**
 * Filters of the reviews list and its summary. `stars` is a comma list (`1,2`); a Facebook
 * recommendation counts as 5 (positive) or 1 (negative) for this filter only. `from`/`to`
 * (both or neither) bound the publication day in `tz`.
 */
export const reviewListQuerySchema = z
  .object({
    stars: z
      .string()
      .regex(/^[1-5](,[1-5]){0,4}$/, 'Stars are digits 1–5, separated by commas.')
      .optional(),
    replied: z.enum(['yes', 'no']).optional(),
    q: z.string().trim().max(200).optional(),
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    tz: timeZoneSchema.optional(),
    sort: z.enum(REVIEW_SORTS).default('newest'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(REVIEWS_PAGE_SIZE_MAX).default(20),
  })
  .superRefine(refineDayRange);
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

/** One reply we asked a vendor to make (an outbox row), newest first in a review's history. */
export const reviewReplyWriteSchema = z.object({
  id: z.number().int(),
  action: z.enum(['reply', 'delete']),
  text: z.string().nullable(),
  status: outboxStatusSchema,
  /** The vendor's reason, when it failed. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ReviewReplyWrite = z.infer<typeof reviewReplyWriteSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productSlug: z.string(),
  source: reviewSourceSchema,
  reviewerName: z.string(),
  rating: z.number().int().min(1).max(5).nullable(),
  recommendation: z.enum(['positive', 'negative']).nullable(),
  comment: z.string(),
  publishedAt: z.string(),
  /** The reply the vendor shows now. */
  replyText: z.string().nullable(),
  replyUpdatedAt: z.string().nullable(),
  /** The newest reply write we made (any status: the list shows it as a badge). */
  latestWrite: reviewReplyWriteSchema.nullable(),
  /** Posted after one of the company's review requests, by that customer (matched by name). */
  fromRequest: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.object({
  items: z.array(reviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewList = z.infer<typeof reviewListSchema>;

/** Month by month, for the "average over time" chart. */
export const reviewMonthSchema = z.object({
  /** yyyy-MM */
  month: z.string(),
  count: z.number().int(),
  average: z.number().nullable(),
});

/** The summary covers the date range only (not the other filters of the list). */
export const reviewSummarySchema = z.object({
  count: z.number().int(),
  /** Over star ratings only; null when there are none. */
  average: z.number().nullable(),
  /** Reviews per star, index 0 = 1 star … 4 = 5 stars. */
  distribution: z.array(z.number().int()).length(5),
  recommendations: z.object({ positive: z.number().int(), negative: z.number().int() }),
  /** Share of reviews with a reply, 0–1; null when there are no reviews. */
  responseRate: z.number().nullable(),
  /** Median minutes from a review to its reply, among replied ones. */
  medianReplyMinutes: z.number().nullable(),
  months: z.array(reviewMonthSchema),
  /** The connections the reviews come from, with their status and last sync. */
  connections: z.array(vendorConnectionSchema),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewDetailSchema = z.object({
  review: reviewSchema,
  history: z.array(reviewReplyWriteSchema),
  /** Staff drafts wait for the client's approval at this company. */
  approvalRequired: z.boolean(),
});
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;

export const REPLY_MAX_CHARS = 4_096;

/** `POST …/{reviewId}/reply`: the key makes a double click or a retried request one write. */
export const reviewReplyInputSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write a reply first.')
    .max(REPLY_MAX_CHARS, `Keep the reply under ${REPLY_MAX_CHARS} characters.`),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'A request key is 8–64 letters.'),
});
export type ReviewReplyInput = z.infer<typeof reviewReplyInputSchema>;

export const reviewDeleteReplyInputSchema = reviewReplyInputSchema.pick({ idempotencyKey: true });

export const reviewWriteResultSchema = z.object({ write: reviewReplyWriteSchema });

/** `POST …/{reviewId}/draft`: a suggestion only; nothing is sent. */
export const reviewDraftSchema = z.object({ text: z.string(), provider: z.string() });

/** Realtime `review.created` (audience: the company): new reviews arrived from a sync. */
export const reviewCreatedEventSchema = z.object({
  companyId: z.number().int(),
  productIds: z.array(z.number().int()),
  count: z.number().int(),
  lowRated: z.number().int(),
});
/** Realtime `review.write` (audience: the company): a reply's outbox status changed. */
export const reviewWriteEventSchema = z.object({
  companyId: z.number().int(),
  reviewId: z.number().int(),
  status: outboxStatusSchema,
});

/** Realtime `review-alert.created` (audience: the company): a 1–2 star review raised an alert. */
export const reviewAlertCreatedEventSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  reviewId: z.number().int(),
  productId: z.number().int().nullable(),
  productSlug: z.string().nullable(),
  title: z.string(),
  createdAt: z.string(),
});
export type ReviewAlertCreatedEvent = z.infer<typeof reviewAlertCreatedEventSchema>;

/** `GET /api/uni/products/reviews/company/{id}`: every review of the company. */
export const companyReviewsParamsSchema = z.object({ id: z.coerce.number().int().positive() });
