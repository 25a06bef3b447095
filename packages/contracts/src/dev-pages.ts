import { z } from 'zod';

/**
 * The dev-only staff pages (SPEC §2 "Only on dev or localhost hosts", issue 21): SEO Pro,
 * InSite blogs, products and packages on hold, the social calendar. Their routes answer
 * only on dev hosts (`isDevHost`); elsewhere they are not found.
 */

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

// --- SEO Pro -------------------------------------------------------------------------------

export const seoProParamsSchema = z.object({ productId: z.coerce.number().int().positive() });
export const seoProQuerySchema = z.object({
  /** How many days of positions, up to the last synced day. */
  days: z.coerce.number().int().min(7).max(365).default(90),
});

/** One keyword's positions, a point per day (null: not in the top 100 that day). */
export const seoKeywordSeriesSchema = z.object({
  keyword: z.string(),
  points: z.array(z.object({ day: isoDay, position: z.number().int().nullable() })),
  latest: z.number().int().nullable(),
  /** Places gained over the range (positive: moved up); null without both ends. */
  change: z.number().int().nullable(),
  best: z.number().int().nullable(),
});
export type SeoKeywordSeries = z.infer<typeof seoKeywordSeriesSchema>;

export const seoRankingPageSchema = z.object({
  url: z.string(),
  keyword: z.string(),
  position: z.number().int(),
  /** Places gained since the previous sync (positive: moved up); null for a new entry. */
  change: z.number().int().nullable(),
});
export type SeoRankingPage = z.infer<typeof seoRankingPageSchema>;

export const seoProReportSchema = z.object({
  product_id: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  domain: z.string().nullable(),
  keywords: z.array(seoKeywordSeriesSchema),
  pages: z.array(seoRankingPageSchema),
  /** When the positions were last synced from the SEO provider; null before the first sync. */
  synced_at: z.string().nullable(),
  provider: z.string().nullable(),
});
export type SeoProReport = z.infer<typeof seoProReportSchema>;

export const seoSyncResultSchema = z.object({
  positions: z.number().int(),
  pages: z.number().int(),
  synced_at: z.string(),
});

// --- InSite blogs --------------------------------------------------------------------------

export const INSITE_BLOG_STATES = ['draft', 'in_review', 'scheduled', 'published'] as const;
export const insiteBlogStateSchema = z.enum(INSITE_BLOG_STATES);
export type InsiteBlogState = z.infer<typeof insiteBlogStateSchema>;
export const INSITE_BLOG_STATE_LABELS: Record<InsiteBlogState, string> = {
  draft: 'Draft',
  in_review: 'In review',
  scheduled: 'Scheduled',
  published: 'Published',
};

/**
 * Where a post may go from each state: review comes between writing and going out, a
 * scheduled post can be taken back to review, and a published one stays published.
 */
export const INSITE_BLOG_TRANSITIONS: Record<InsiteBlogState, readonly InsiteBlogState[]> = {
  draft: ['in_review'],
  in_review: ['draft', 'scheduled', 'published'],
  scheduled: ['in_review', 'published'],
  published: [],
};

export const insiteBlogListQuerySchema = z.object({
  state: insiteBlogStateSchema.optional(),
  companyId: z.coerce.number().int().positive().optional(),
  ...paging,
});
export type InsiteBlogListQuery = z.input<typeof insiteBlogListQuerySchema>;

export const insiteBlogRowSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  title: z.string(),
  state: insiteBlogStateSchema,
  scheduled_for: z.string().nullable(),
  published_at: z.string().nullable(),
  author: z.string().nullable(),
  updated_at: z.string(),
});
export type InsiteBlogRow = z.infer<typeof insiteBlogRowSchema>;

export const insiteBlogListSchema = z.object({
  items: z.array(insiteBlogRowSchema),
  total: z.number().int(),
  /** Posts per state under the company filter (not the state filter). */
  counts: z.record(insiteBlogStateSchema, z.number().int()),
  /** The companies the caller may filter by: those with posts they may see. */
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const insiteBlogParamsSchema = z.object({ postId: z.coerce.number().int().positive() });
export const insiteBlogDetailSchema = insiteBlogRowSchema.extend({
  /** Plain text with markdown-lite (#, -, **bold**): rendered as text, never as HTML. */
  body: z.string(),
});
export type InsiteBlogDetail = z.infer<typeof insiteBlogDetailSchema>;

export const insiteBlogTransitionSchema = z.object({
  /** The state the caller saw: another state now means someone moved it first (409). */
  from: insiteBlogStateSchema,
  to: insiteBlogStateSchema,
  /** Required to schedule: an instant in the future. */
  scheduled_for: z.iso.datetime({ offset: true }).optional(),
});
export type InsiteBlogTransition = z.infer<typeof insiteBlogTransitionSchema>;

// --- Products and packages on hold ---------------------------------------------------------

export const HELD_PRODUCT_STATUSES = ['on_hold', 'paused'] as const;
export const ON_HOLD_SORTS = ['since', 'revenue', 'client'] as const;

export const onHoldQuerySchema = z.object({
  sort: z.enum(ON_HOLD_SORTS).default('since'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  ...paging,
});
export type OnHoldQuery = z.output<typeof onHoldQuerySchema>;

export const heldProductSchema = z.object({
  product_id: z.number().int(),
  product_slug: z.string(),
  product_name: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  status: z.enum(HELD_PRODUCT_STATUSES),
  reason: z.string().nullable(),
  /** The day the hold started; null where it was not recorded. */
  since: isoDay.nullable(),
  monthly_price_cents: z.number().int(),
});
export type HeldProduct = z.infer<typeof heldProductSchema>;

const onHoldTotals = z.object({
  count: z.number().int(),
  /** The monthly prices of everything on hold: the revenue the holds put at stake. */
  monthly_cents: z.number().int(),
});

export const productsOnHoldSchema = z.object({
  items: z.array(heldProductSchema),
  total: z.number().int(),
  totals: onHoldTotals,
});
export type ProductsOnHold = z.infer<typeof productsOnHoldSchema>;

/** A client's package: the products it bought together (its vertical's bundle). */
export const heldPackageSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  vertical: z.string().nullable(),
  held: z.array(heldProductSchema.pick({ product_id: true, product_name: true, status: true })),
  /** Products of the package still running or held (cancelled ones left the package). */
  product_count: z.number().int(),
  /** Every product of the package is held. */
  whole: z.boolean(),
  since: isoDay.nullable(),
  reasons: z.array(z.string()),
  monthly_paused_cents: z.number().int(),
  package_monthly_cents: z.number().int(),
});
export type HeldPackage = z.infer<typeof heldPackageSchema>;

export const packagesOnHoldSchema = z.object({
  items: z.array(heldPackageSchema),
  total: z.number().int(),
  totals: onHoldTotals,
});
export type PackagesOnHold = z.infer<typeof packagesOnHoldSchema>;

// --- Social calendar -----------------------------------------------------------------------

export const socialCalendarParamsSchema = z.object({
  companyId: z.coerce.number().int().positive(),
});
export const socialCalendarQuerySchema = z.object({
  /** The month, YYYY-MM, in the company's time zone. */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
});

export const calendarPostSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_slug: z.string(),
  /** 'google' | 'facebook' */
  channel: z.string(),
  state: z.enum(['scheduled', 'published']),
  /** When it went or goes out, an instant, and its day and time in the company's zone. */
  at: z.string(),
  day: isoDay,
  time: z.string(),
  summary: z.string(),
});
export type CalendarPost = z.infer<typeof calendarPostSchema>;

export const socialCalendarSchema = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
  month: z.string(),
  time_zone: z.string(),
  posts: z.array(calendarPostSchema),
});
export type SocialCalendar = z.infer<typeof socialCalendarSchema>;
