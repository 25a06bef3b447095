import { z } from 'zod';
import { competitorMetricsSchema, pointStateSchema, scanMetricsSchema } from './metrics';
import { gridQuadrantSchema, quadrantCoverageSchema } from './quadrants';
import { scanStatusSchema } from './scans';
import { gridCentreSchema } from './settings';

/**
 * A company's rank grid history (SPEC §7 `/api/localrank/history/*`, `latest/*`, `report`,
 * `find/details`, and `/api/uni/products/rankgrid/{id}`). Everything is read from stored
 * scans; months are calendar months in UTC, like every stored time.
 */

const id = z.coerce.number().int().positive();

/** `?companyId=`: the company is in the query, so the service checks access (404 otherwise). */
export const historyCompanyQuerySchema = z.object({ companyId: id });

/** A calendar month in UTC, `YYYY-MM`. */
export const utcMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Give the month as YYYY-MM.' });

/** The settings that make one timeline line: scans of different settings are never compared. */
export const scanSettingsKeySchema = z.object({
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: z.enum(['mi', 'km']),
});
export type ScanSettingsKey = z.infer<typeof scanSettingsKeySchema>;

/** The headline numbers of one finished scan, as the columns keep them. */
export const scanHeadlineSchema = z.object({
  atrp: z.number().nullable(),
  arp: z.number().nullable(),
  solv: z.number().nullable(),
  foundIn: z.number().int().nullable(),
});

/** One scan in a list: its settings, state and headline numbers, without points. */
export const scanSummarySchema = scanSettingsKeySchema.merge(scanHeadlineSchema).extend({
  id: z.number().int(),
  companyId: z.number().int(),
  configId: z.number().int().nullable(),
  itemId: z.number().int().nullable(),
  status: scanStatusSchema,
  origin: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ScanSummary = z.infer<typeof scanSummarySchema>;

export const historyOverviewSchema = z.object({
  companyId: z.number().int(),
  /** Months are UTC calendar months (`YYYY-MM`), newest first; keywords A–Z within a month. */
  months: z.array(
    z.object({
      month: z.string(),
      keywords: z.array(
        z.object({
          keyword: z.string(),
          /** Finished scans that month. */
          scans: z.number().int(),
          meanAtrp: z.number().nullable(),
          meanSolv: z.number().nullable(),
          /** Lowest ATRP (best) and highest (worst). */
          bestAtrp: z.number().nullable(),
          worstAtrp: z.number().nullable(),
        }),
      ),
    }),
  ),
});
export type HistoryOverview = z.infer<typeof historyOverviewSchema>;

export const historyFiltersSchema = z.object({
  keywords: z.array(z.string()),
  /** `YYYY-MM` (UTC), newest first. */
  months: z.array(z.string()),
  configs: z.array(scanSettingsKeySchema.extend({ id: z.number().int(), frequency: z.string() })),
});
export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

export const HISTORY_PAGE_SIZE = 20;

export const historyMonthQuerySchema = z.object({
  companyId: id,
  month: utcMonthSchema,
  keyword: z.string().trim().min(1).max(200).optional(),
  configId: id.optional(),
  /** From 0. */
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type HistoryMonthQuery = z.output<typeof historyMonthQuerySchema>;

export const historyMonthSchema = z.object({
  month: z.string(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Every scan of the month (any status), newest first. */
  scans: z.array(scanSummarySchema),
});
export type HistoryMonth = z.infer<typeof historyMonthSchema>;

export const latestByKeywordSchema = z.object({
  /** The newest finished scan of each keyword (any settings), keywords A–Z. */
  scans: z.array(scanSummarySchema),
});

export const latestFourQuerySchema = z.object({
  companyId: id,
  keyword: z.string().trim().min(1).max(200).optional(),
});

export const heatmapPointSchema = z.object({
  index: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  state: pointStateSchema,
  rank: z.number().int().nullable(),
});

export const latestFourSchema = z.object({
  /** At most four finished scans, newest first, each with its points for a heatmap. */
  scans: z.array(
    scanSummarySchema.extend({ centre: gridCentreSchema, points: z.array(heatmapPointSchema) }),
  ),
});
export type LatestFour = z.infer<typeof latestFourSchema>;

const storedCompetitorSchema = competitorMetricsSchema.extend({ name: z.string() });

/** `GET /api/localrank/find/details/:id`: a scan without the point lists. */
export const scanDetailsSchema = scanSummarySchema.extend({
  shape: z.enum(['square', 'circle']),
  centre: gridCentreSchema,
  disabledPoints: z.array(z.number().int()),
  pointsTotal: z.number().int(),
  pointsDone: z.number().int(),
  startedAt: z.string().nullable(),
  metrics: scanMetricsSchema.nullable(),
  competitors: z.array(storedCompetitorSchema).nullable(),
});
export type ScanDetails = z.infer<typeof scanDetailsSchema>;

/** Differences are now − before (a negative ATRP change is an improvement). */
export const scanChangeSchema = z.object({
  previousScanId: z.number().int(),
  previousCreatedAt: z.string(),
  atrp: z.number().nullable(),
  arp: z.number().nullable(),
  solv: z.number().nullable(),
  foundIn: z.number().int().nullable(),
  /** Quadrants with top-3 points before and none now. */
  lostQuadrants: z.array(gridQuadrantSchema),
});
export type ScanChange = z.infer<typeof scanChangeSchema>;

export const scanReportSchema = z.object({
  scan: scanDetailsSchema.omit({ competitors: true }),
  topCompetitors: z.array(storedCompetitorSchema),
  quadrants: z.array(quadrantCoverageSchema),
  /** Against the previous finished scan of the same company, keyword, size, radius and unit. */
  change: scanChangeSchema.nullable(),
});
export type ScanReport = z.infer<typeof scanReportSchema>;

export const businessDetailsQuerySchema = z.object({
  placeId: z
    .string()
    .trim()
    .min(1, 'Give a place id.')
    .max(300)
    .regex(/^[A-Za-z0-9_:-]+$/, 'This is not a place id.'),
});

export const businessDetailsSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  /** Where the details came from: one of our clients, or a competitor we track. */
  source: z.enum(['client', 'competitor']),
  category: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().nullable(),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

export const systemRankGridSchema = z.object({
  /** Counted from UTC midnight, and over the last 7 × 24 hours. */
  scansToday: z.number().int(),
  scans7Days: z.number().int(),
  pointsSearched7Days: z.number().int(),
  failedScans7Days: z.number().int(),
  runningScans: z.number().int(),
  activeConfigs: z.number().int(),
  generatedAt: z.string(),
});
export type SystemRankGrid = z.infer<typeof systemRankGridSchema>;

export const trendSchema = z.enum(['better', 'worse', 'same', 'new']);

export const rankGridProductSchema = z.object({
  companyId: z.number().int(),
  /** One entry per tracked settings (keyword, size, radius, unit), keywords A–Z. */
  keywords: z.array(
    scanSettingsKeySchema.extend({
      latest: scanSummarySchema,
      previous: scanSummarySchema.nullable(),
      /** ATRP against the previous scan of the same settings (lower is better). */
      trend: trendSchema,
      scans: z.number().int(),
    }),
  ),
});
export type RankGridProduct = z.infer<typeof rankGridProductSchema>;
