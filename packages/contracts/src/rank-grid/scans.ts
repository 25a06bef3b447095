import { z } from 'zod';
import { searchKeywordSchema } from '../search';
import { competitorMetricsSchema, pointStateSchema, scanMetricsSchema } from './metrics';
import { checkGridSettings, gridCentreSchema, gridSettingsObjectSchema } from './settings';

/**
 * Scans as jobs (issue 6): a scan is requested, stored with one row per point, and each
 * enabled point is searched by its own background job; progress and completion are pushed
 * to the company's sockets as `rank-scan.progress` / `rank-scan.done`.
 */

export const SCAN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const scanStatusSchema = z.enum(SCAN_STATUSES);
export type ScanStatus = z.infer<typeof scanStatusSchema>;

/**
 * `POST /api/localrank/request`: a company, a keyword and the grid's settings. The centre is
 * optional: without one the grid is centred on the company's own location.
 */
export const scanRequestSchema = gridSettingsObjectSchema
  .extend({
    companyId: z
      .number({ error: 'Choose a company.' })
      .int({ error: 'Choose a company.' })
      .positive({ error: 'Choose a company.' }),
    keyword: searchKeywordSchema,
    centre: gridCentreSchema.optional(),
  })
  .superRefine((request, ctx) => {
    // The centre does not take part in the cross-field checks; a placeholder keeps them total.
    checkGridSettings({ ...request, centre: request.centre ?? { lat: 0, lng: 0 } }, ctx);
  })
  .transform((request) => ({
    ...request,
    disabledPoints: [...new Set(request.disabledPoints)].sort((a, b) => a - b),
  }));
export type ScanRequest = z.output<typeof scanRequestSchema>;
export type ScanRequestInput = z.input<typeof scanRequestSchema>;

export const scanRequestResponseSchema = z.object({
  scanId: z.number().int(),
  pointsTotal: z.number().int(),
  /** What the scan is expected to cost, in whole cents (0 for the simulated provider). */
  estimatedCents: z.number().int(),
});
export type ScanRequestResponse = z.infer<typeof scanRequestResponseSchema>;

export const scanIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

export const scanPointSchema = z.object({
  index: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  /** Switched-off points are listed too (state `unmeasured`, never searched). */
  enabled: z.boolean(),
  state: pointStateSchema,
  rank: z.number().int().nullable(),
  /** The local results at the point, best first (place id and name only). */
  results: z.array(z.object({ placeId: z.string(), name: z.string() })),
  attempts: z.number().int(),
  fetchedAt: z.string().nullable(),
});
export type ScanPoint = z.infer<typeof scanPointSchema>;

export const scanSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: z.enum(['mi', 'km']),
  shape: z.enum(['square', 'circle']),
  centre: gridCentreSchema,
  disabledPoints: z.array(z.number().int()),
  status: scanStatusSchema,
  pointsTotal: z.number().int(),
  pointsDone: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  metrics: scanMetricsSchema.nullable(),
  competitors: z.array(competitorMetricsSchema.extend({ name: z.string() })).nullable(),
  points: z.array(scanPointSchema),
});
export type Scan = z.infer<typeof scanSchema>;

export const scanProgressEventSchema = z.object({
  scanId: z.number().int(),
  companyId: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
});
export const scanDoneEventSchema = z.object({
  scanId: z.number().int(),
  companyId: z.number().int(),
  status: scanStatusSchema,
  metrics: scanMetricsSchema.nullable(),
});
