import { z } from 'zod';

/**
 * Rank timelines (SPEC §3 "Timeline row", §7 `/api/ranktimeline/*`) and the employees' top
 * rankings (`/api/main/toprankings`, `/api/latest/toprankings[/{index}]`).
 *
 * A timeline is one line of finished scans of the same settings. Groups: by the company's
 * rank grid item (`item_id`; null for one-off scans outside any product), then by
 * (keyword, size, radius, unit): 5 mi and 5 km are different radii and never share a line.
 */

/** How many dated points each line carries at most (the newest ones). */
export const TIMELINE_POINTS_DEFAULT = 12;
export const TIMELINE_POINTS_MAX = 52;
export const TIMELINE_PAGE_SIZE_DEFAULT = 10;
export const TIMELINE_PAGE_SIZE_MAX = 50;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Give dates as yyyy-MM-dd.' });

export const timelineSearchRequestSchema = z
  .object({
    /** Matched case-insensitively against company names and keywords (substring). */
    text: z.string().trim().max(100).optional(),
    companyId: z.number().int().positive().optional(),
    keyword: z.string().trim().min(1).max(200).optional(),
    size: z.number().int().min(3).max(21).optional(),
    /** UTC days, both included. */
    from: isoDay.optional(),
    to: isoDay.optional(),
    /** Pages of companies, from 0. */
    page: z.number().int().min(0).max(10_000).default(0),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(TIMELINE_PAGE_SIZE_MAX)
      .default(TIMELINE_PAGE_SIZE_DEFAULT),
    points: z.number().int().min(1).max(TIMELINE_POINTS_MAX).default(TIMELINE_POINTS_DEFAULT),
  })
  .refine((request) => !request.from || !request.to || request.from <= request.to, {
    path: ['to'],
    error: 'The end date must not be before the start date.',
  });
export type TimelineSearchRequest = z.output<typeof timelineSearchRequestSchema>;
export type TimelineSearchRequestInput = z.input<typeof timelineSearchRequestSchema>;

/** SPEC §3 timeline row, one per finished scan; `average_total_grid_rank` is its ATRP. */
export const timelineRowSchema = z.object({
  item_id: z.number().int().nullable(),
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  /** The scan's creation time, ISO 8601 UTC. */
  date: z.string(),
  average_total_grid_rank: z.number().nullable(),
  company_name: z.string(),
  /** "plumber · 7×7 · 5 mi": the line's settings in words. */
  display: z.string(),
  /** The company's "City, ST"; the grid centre's "lat, lng" when the company has no city. */
  location: z.string(),
  scan_id: z.number().int(),
  solv: z.number().nullable(),
});
export type TimelineRow = z.infer<typeof timelineRowSchema>;

export const timelineLineSchema = z.object({
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: z.enum(['mi', 'km']),
  display: z.string(),
  /** Newest first, at most `points`. */
  points: z.array(timelineRowSchema),
});

export const timelineGroupSchema = z.object({
  item_id: z.number().int().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  location: z.string(),
  lines: z.array(timelineLineSchema),
});
export type TimelineGroup = z.infer<typeof timelineGroupSchema>;

export const timelineSearchResponseSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Companies with at least one matching line: pages count companies. */
  totalCompanies: z.number().int(),
  groups: z.array(timelineGroupSchema),
});
export type TimelineSearchResponse = z.infer<typeof timelineSearchResponseSchema>;

export const clientTimelinesParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const clientTimelinesQuerySchema = z.object({
  points: z.coerce.number().int().min(1).max(TIMELINE_POINTS_MAX).default(TIMELINE_POINTS_DEFAULT),
});

export const TOP_RANKING_LISTS = ['gbp', 'lsa'] as const;
export const topRankingListSchema = z.enum(TOP_RANKING_LISTS);
export type TopRankingList = z.infer<typeof topRankingListSchema>;
/** Which product puts a client on which list (catalog slugs, `products.ts`). */
export const TOP_RANKING_LIST_PRODUCTS: Record<TopRankingList, string> = {
  gbp: 'google-business-pro',
  lsa: 'local-services-ads',
};
export const TOP_RANKINGS_PAGE_SIZE = 25;

export const topRankingEntrySchema = z.object({
  rank: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  /** Mean over the company's keywords of each keyword's newest finished scan. */
  atrp: z.number().nullable(),
  solv: z.number().nullable(),
  keywords: z.number().int(),
  latestScanAt: z.string(),
});
export type TopRankingEntry = z.infer<typeof topRankingEntrySchema>;

export const topRankingsSchema = z.object({
  generatedAt: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  lists: z.array(
    z.object({
      list: topRankingListSchema,
      total: z.number().int(),
      entries: z.array(topRankingEntrySchema),
    }),
  ),
});
export type TopRankings = z.infer<typeof topRankingsSchema>;

export const topRankingsQuerySchema = z.object({ list: topRankingListSchema.optional() });
export const topRankingsPageParamsSchema = z.object({
  index: z
    .string()
    .regex(/^(0|[1-9]\d{0,3})$/, { error: 'The page is a number from 0.' })
    .transform(Number),
});

export const clientTimelinesSchema = z.object({
  companyId: z.number().int(),
  groups: z.array(timelineGroupSchema),
});
export type ClientTimelines = z.infer<typeof clientTimelinesSchema>;
