import { z } from 'zod';

/**
 * `GET /api/localrank/find/series/:id`: the finished scans with exactly the same settings as
 * scan `:id` (company, keyword, size, radius, unit), newest first, for the scan view's
 * "compare with an earlier scan" picker. Scans of other settings are never offered, since
 * their metrics are not comparable (DECISIONS.md "Rank grids").
 */

export const SCAN_SERIES_MAX_LIMIT = 100;
export const SCAN_SERIES_DEFAULT_LIMIT = 20;

export const scanSeriesQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'The page size must be a number.' })
    .int({ error: 'The page size must be a whole number.' })
    .min(1, { error: 'The page size must be at least 1.' })
    .max(SCAN_SERIES_MAX_LIMIT, {
      error: `The page size must be at most ${SCAN_SERIES_MAX_LIMIT}.`,
    })
    .default(SCAN_SERIES_DEFAULT_LIMIT),
  offset: z.coerce
    .number({ error: 'The offset must be a number.' })
    .int({ error: 'The offset must be a whole number.' })
    .min(0, { error: 'The offset cannot be negative.' })
    .max(1_000_000, { error: 'The offset is too large.' })
    .default(0),
});
export type ScanSeriesQuery = z.output<typeof scanSeriesQuerySchema>;

export const scanSeriesEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  atrp: z.number().nullable(),
  arp: z.number().nullable(),
  solv: z.number().nullable(),
  foundIn: z.number().int().nullable(),
});
export type ScanSeriesEntry = z.infer<typeof scanSeriesEntrySchema>;

export const scanSeriesSchema = z.object({
  /** The scan the series was asked for (itself part of the series once it is finished). */
  scanId: z.number().int(),
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: z.enum(['mi', 'km']),
  /** Finished scans of these settings in all. */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  scans: z.array(scanSeriesEntrySchema),
});
export type ScanSeries = z.infer<typeof scanSeriesSchema>;
