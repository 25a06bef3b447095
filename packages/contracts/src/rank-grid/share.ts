import { z } from 'zod';
import { competitorMetricsSchema, pointStateSchema, scanMetricsSchema } from './metrics';
import { gridCentreSchema } from './settings';

/**
 * Signed, expiring read-only links to one finished scan (issue 7). Like the alerts links,
 * the token is the permission: whoever holds the link sees that one scan, nothing else.
 */

export const SCAN_LINK_DAYS = [1, 7, 30] as const;
export type ScanLinkDays = (typeof SCAN_LINK_DAYS)[number];
export const DEFAULT_SCAN_LINK_DAYS: ScanLinkDays = 7;

/** `POST /api/localrank/share/{id}`. Unknown fields are dropped, never stored. */
export const scanShareRequestSchema = z.object({
  days: z
    .union([z.literal(1), z.literal(7), z.literal(30)], {
      message: 'Choose 1, 7 or 30 days.',
    })
    .default(DEFAULT_SCAN_LINK_DAYS),
});
export type ScanShareRequest = z.input<typeof scanShareRequestSchema>;

export const scanShareLinkSchema = z.object({
  /** The public `/shared/scan?token=…` address to hand out. */
  url: z.string(),
  expiresAt: z.string(),
});
export type ScanShareLink = z.infer<typeof scanShareLinkSchema>;

/** `GET /api/public/scan?token=…`: checked in the service (400 LINK_INVALID, 410 LINK_EXPIRED). */
export const sharedScanQuerySchema = z.object({
  token: z.string().optional(),
});

/** How many result names a shared point shows: the local pack, not the full list. */
export const SHARED_POINT_TOP_NAMES = 3;
/** Competitors a shared scan lists. */
export const SHARED_SCAN_COMPETITORS = 10;

export const sharedScanPointSchema = z.object({
  index: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  state: pointStateSchema,
  rank: z.number().int().nullable(),
  /** The names of the first three local results at the point. */
  top: z.array(z.string()),
});
export type SharedScanPoint = z.infer<typeof sharedScanPointSchema>;

/** What a link holder sees: no ids of the company, the requester or other scans. */
export const sharedScanSchema = z.object({
  company: z.object({ name: z.string() }),
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: z.enum(['mi', 'km']),
  centre: gridCentreSchema,
  status: z.enum(['queued', 'running', 'done', 'failed']),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  metrics: scanMetricsSchema.nullable(),
  points: z.array(sharedScanPointSchema),
  competitors: z.array(
    competitorMetricsSchema.omit({ placeId: true }).extend({ name: z.string() }),
  ),
  expiresAt: z.string(),
});
export type SharedScan = z.infer<typeof sharedScanSchema>;
