import { z } from 'zod';
import { prospectCreateSchema } from './rank-grid/custom-rank';
import { scanMetricsSchema } from './rank-grid/metrics';
import { scanStatusSchema } from './rank-grid/scans';

/**
 * The sales power tool (issue 21; SPEC §2 /dashboard/employee/omg-power-tool[/{id}], SPEC §7
 * `/api/sales/*` and the `/api/external/` sales containers, grids and recommendations).
 * A container is one prospect workspace: the business (a `prospect` company), its grids,
 * listings scan, reviews summary, page speed and ranked recommendations.
 */

export const SALES_STAGES = ['prospecting', 'shared', 'won', 'lost'] as const;
export const salesStageSchema = z.enum(SALES_STAGES);
export type SalesStage = z.infer<typeof salesStageSchema>;
export const SALES_STAGE_LABELS: Record<SalesStage, string> = {
  prospecting: 'Prospecting',
  shared: 'Report shared',
  won: 'Won: now a client',
  lost: 'Lost',
};

/** A prospect batch runs one grid per keyword; five is the prospect's "top keywords". */
export const SALES_KEYWORDS_MAX = 5;
export const SALES_GRID_SIZES = [3, 5, 7, 9, 11, 13] as const;
export const SALES_PAGE_SIZE = 20;
export const SALES_REPORT_LINK_DAYS = [7, 14, 30] as const;
export type SalesReportLinkDays = (typeof SALES_REPORT_LINK_DAYS)[number];

const keywordSchema = z
  .string({ error: 'A keyword is text.' })
  .trim()
  .min(2, 'A keyword needs at least 2 characters.')
  .max(80, 'Use at most 80 characters per keyword.');

export const salesKeywordsSchema = z
  .array(keywordSchema)
  .min(1, 'Add at least one keyword.')
  .max(SALES_KEYWORDS_MAX, `At most ${SALES_KEYWORDS_MAX} keywords.`)
  .refine((list) => new Set(list.map((k) => k.toLowerCase())).size === list.length, {
    message: 'Each keyword once.',
  });

export const salesGridSettingsSchema = z.object({
  size: z.coerce
    .number()
    .int()
    .refine((n) => (SALES_GRID_SIZES as readonly number[]).includes(n), {
      message: `Grid size is one of ${SALES_GRID_SIZES.join(', ')}.`,
    }),
  radius: z.coerce
    .number({ error: 'Radius is a number.' })
    .min(0.5, 'Radius is at least 0.5.')
    .max(25, 'Radius is at most 25.'),
  unit: z.enum(['mi', 'km'], { error: 'Unit is mi or km.' }),
});
export type SalesGridSettings = z.infer<typeof salesGridSettingsSchema>;

export const salesIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** The last listings scan of the prospect: found, with wrong details, or missing, per directory. */
export const salesListingsSchema = z.object({
  /** 0–100: share of directories where the business is listed with matching details. */
  score: z.number().int(),
  scannedAt: z.string(),
  directories: z.array(
    z.object({
      directory: z.string(),
      name: z.string(),
      status: z.enum(['found', 'mismatch', 'missing']),
      /** Which details differ (name, address, phone, website), when `mismatch`. */
      issues: z.array(z.string()),
    }),
  ),
});
export type SalesListings = z.infer<typeof salesListingsSchema>;

export const salesPageSpeedSchema = z.object({
  url: z.string(),
  measuredAt: z.string(),
  strategy: z.enum(['mobile', 'desktop']),
  performance: z.number().int(),
  accessibility: z.number().int(),
  bestPractices: z.number().int(),
  seo: z.number().int(),
});
export type SalesPageSpeed = z.infer<typeof salesPageSpeedSchema>;

export const salesContainerSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  stage: salesStageSchema,
  ownerId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  placeId: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  category: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  keywords: z.array(z.string()),
  grid: salesGridSettingsSchema,
  notes: z.string(),
  /** The reviews summary, from the places search: null where it had none. */
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
  listings: salesListingsSchema.nullable(),
  pageSpeed: salesPageSpeedSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  convertedAt: z.string().nullable(),
});
export type SalesContainer = z.infer<typeof salesContainerSchema>;

/** `POST /api/sales/containers` (and `/api/external/sales/containers/create`). */
export const salesContainerCreateSchema = z.object({
  business: prospectCreateSchema.extend({
    rating: z.number().min(0).max(5).nullable().optional(),
    reviewCount: z.number().int().min(0).nullable().optional(),
  }),
  keywords: salesKeywordsSchema.optional(),
  grid: salesGridSettingsSchema.optional(),
});
export type SalesContainerCreate = z.input<typeof salesContainerCreateSchema>;

/** `PATCH /api/sales/containers/{id}` (and `PUT /api/external/sales/containers/update/{id}`). */
export const salesContainerUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'The workspace needs a name.').max(200).optional(),
    stage: z.enum(['prospecting', 'shared', 'lost']).optional(),
    keywords: salesKeywordsSchema.optional(),
    grid: salesGridSettingsSchema.optional(),
    notes: z.string().max(5000, 'Notes are at most 5,000 characters.').optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change.' });
export type SalesContainerUpdate = z.input<typeof salesContainerUpdateSchema>;

/** `GET /api/sales/containers?q=&stage=&owner=&page=`: the history list, with filters. */
export const salesContainerListQuerySchema = z.object({
  q: z.string().trim().max(120).optional(),
  stage: salesStageSchema.optional(),
  /** `mine` (default for employees) or `all` (admins see everyone's; employees their own). */
  owner: z.enum(['mine', 'all']).default('mine'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type SalesContainerListQuery = z.input<typeof salesContainerListQuerySchema>;

export const salesContainerListItemSchema = salesContainerSchema
  .pick({
    id: true,
    companyId: true,
    name: true,
    stage: true,
    ownerName: true,
    address: true,
    keywords: true,
    updatedAt: true,
    createdAt: true,
  })
  .extend({
    grids: z.number().int(),
    /** The latest finished grid's average rank across its points, or null. */
    latestAtrp: z.number().nullable(),
    recommendations: z.number().int(),
  });
export type SalesContainerListItem = z.infer<typeof salesContainerListItemSchema>;

export const salesContainerListSchema = z.object({
  items: z.array(salesContainerListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type SalesContainerList = z.infer<typeof salesContainerListSchema>;

/** One grid of a container (a scan of the prospect company). */
export const salesGridSchema = z.object({
  scanId: z.number().int(),
  runId: z.number().int().nullable(),
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: z.enum(['mi', 'km']),
  status: scanStatusSchema,
  pointsDone: z.number().int(),
  pointsTotal: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  metrics: scanMetricsSchema.nullable(),
});
export type SalesGrid = z.infer<typeof salesGridSchema>;

/** `POST /api/sales/batch`: a grid per keyword on the prospect, or only the forecast. */
export const salesBatchRequestSchema = z.object({
  containerId: z.number().int().positive(),
  keywords: salesKeywordsSchema,
  grid: salesGridSettingsSchema,
  forecastOnly: z.boolean().default(false),
});
export type SalesBatchRequest = z.input<typeof salesBatchRequestSchema>;

export const salesForecastSchema = z.object({
  scans: z.number().int(),
  points: z.number().int(),
  /** The search provider's estimate for one search per point, in whole cents (0 when simulated). */
  estimatedCents: z.number().int(),
  /** The provider's ceiling for one scan, in cents; null when it has none. */
  scanCeilingCents: z.number().int().nullable(),
});
export type SalesForecast = z.infer<typeof salesForecastSchema>;

export const salesRunSchema = z.object({
  id: z.number().int(),
  containerId: z.number().int(),
  keywords: z.array(z.string()),
  grid: salesGridSettingsSchema,
  estimatedCents: z.number().int(),
  createdAt: z.string(),
  requestedByName: z.string().nullable(),
  grids: z.array(salesGridSchema),
});
export type SalesRun = z.infer<typeof salesRunSchema>;

export const salesBatchResponseSchema = z.object({
  forecast: salesForecastSchema,
  run: salesRunSchema.nullable(),
});
export type SalesBatchResponse = z.infer<typeof salesBatchResponseSchema>;

/** `GET /api/sales/history/{id}`: the container's runs, newest first. */
export const salesHistorySchema = z.object({
  containerId: z.number().int(),
  runs: z.array(salesRunSchema),
});
export type SalesHistory = z.infer<typeof salesHistorySchema>;

export const SALES_RECOMMENDATION_KINDS = [
  'weak-area',
  'competitor',
  'listings',
  'reviews',
  'page-speed',
  'keyword',
] as const;
export const salesRecommendationKindSchema = z.enum(SALES_RECOMMENDATION_KINDS);

export const salesRecommendationSchema = z.object({
  id: z.number().int(),
  containerId: z.number().int(),
  position: z.number().int(),
  kind: salesRecommendationKindSchema,
  title: z.string(),
  body: z.string(),
  /** The measured facts it rests on, in words. */
  evidence: z.array(z.string()),
  edited: z.boolean(),
  updatedAt: z.string(),
});
export type SalesRecommendation = z.infer<typeof salesRecommendationSchema>;

export const salesRecommendationUpdateSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(3, 'A title needs at least 3 characters.')
      .max(160, 'Use at most 160 characters.')
      .optional(),
    body: z
      .string()
      .trim()
      .min(10, 'Say what to do in at least 10 characters.')
      .max(2000, 'Use at most 2,000 characters.')
      .optional(),
    position: z.number().int().min(1).max(50).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change.' });
export type SalesRecommendationUpdate = z.input<typeof salesRecommendationUpdateSchema>;

/**
 * `POST /api/sales/containers/{id}/recommendations/draft` (and the external
 * `recommendations/all/{id}`, `create/{id}`): the container's recommendations in position
 * order, and which drafter wrote the new ones ('demo' or the live vendor, e.g. 'gemini').
 */
export const salesRecommendationListSchema = z.object({
  containerId: z.number().int(),
  provider: z.string(),
  recommendations: z.array(salesRecommendationSchema),
});
export type SalesRecommendationList = z.infer<typeof salesRecommendationListSchema>;

/** What a DELETE of a container or a recommendation answers. */
export const salesRemovedSchema = z.object({ id: z.number().int(), removed: z.literal(true) });
export type SalesRemoved = z.infer<typeof salesRemovedSchema>;

/** A competitor seen across the prospect's grids: how often and how high it ranks. */
export const salesCompetitorSchema = z.object({
  name: z.string(),
  placeId: z.string().nullable(),
  /** Points (across the latest grid of each keyword) where it ranks in the top 3. */
  top3Points: z.number().int(),
  /** Points where it appears at all. */
  points: z.number().int(),
  averageRank: z.number().nullable(),
  /** Where it is strongest, e.g. "south-east". */
  strongestArea: z.string().nullable(),
});
export type SalesCompetitor = z.infer<typeof salesCompetitorSchema>;

/** `GET /api/sales/data/{id}`: everything the workspace shows, read from our database. */
export const salesDataSchema = z.object({
  container: salesContainerSchema,
  /** The latest grid per keyword (finished or running). */
  grids: z.array(salesGridSchema),
  competitors: z.array(salesCompetitorSchema),
  recommendations: z.array(salesRecommendationSchema),
});
export type SalesData = z.infer<typeof salesDataSchema>;

/** `POST /api/sales/containers/{id}/convert`: the prospect becomes a client. */
export const salesConvertResponseSchema = z.object({
  containerId: z.number().int(),
  companyId: z.number().int(),
  /** Its grids, now the client's first rank history. */
  grids: z.number().int(),
});
export type SalesConvertResponse = z.infer<typeof salesConvertResponseSchema>;
