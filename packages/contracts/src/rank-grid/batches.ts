import { z } from 'zod';

/**
 * Batches (issue 6, admin "run grids", SPEC §7 `POST /api/liverank/batch`): every active grid
 * config of many client companies, run with at most `concurrency` scans at once, with a
 * forecast before it starts, progress while it runs and a summary at the end.
 */

export const BATCH_CONCURRENCY_MIN = 1;
export const BATCH_CONCURRENCY_MAX = 20;
export const BATCH_CONCURRENCY_DEFAULT = 4;
/** Enough for every client of a large agency; a longer list is a mistake, not a batch. */
export const BATCH_COMPANIES_MAX = 2000;

const companyIdsSchema = z
  .array(z.number().int().positive({ error: 'Company ids are positive whole numbers.' }))
  .min(1, { error: 'Leave out companyIds to run every active client, or name at least one.' })
  .max(BATCH_COMPANIES_MAX, { error: `At most ${BATCH_COMPANIES_MAX} companies per batch.` });

const concurrencySchema = z.coerce
  .number({ error: 'Concurrency must be a number.' })
  .int({ error: 'Concurrency must be a whole number.' })
  .min(BATCH_CONCURRENCY_MIN, { error: `Concurrency must be ${BATCH_CONCURRENCY_MIN} or more.` })
  .max(BATCH_CONCURRENCY_MAX, {
    error: `Concurrency must be ${BATCH_CONCURRENCY_MAX} or less.`,
  });

/** `POST /api/liverank/batch`. Without companyIds: every active client with active configs. */
export const batchRequestSchema = z.object({
  companyIds: companyIdsSchema.optional(),
  concurrency: concurrencySchema.default(BATCH_CONCURRENCY_DEFAULT),
  /** Answer the forecast only; nothing is stored or started. */
  forecastOnly: z.boolean().default(false),
});
export type BatchRequest = z.output<typeof batchRequestSchema>;
export type BatchRequestInput = z.input<typeof batchRequestSchema>;

/** `GET /api/liverank/batch/forecast?companyIds=1,2,3&concurrency=4`. */
export const batchForecastQuerySchema = z.object({
  companyIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: 'companyIds is a comma-separated list of ids.' })
    .transform((value) => value.split(',').map(Number))
    .pipe(companyIdsSchema)
    .optional(),
  concurrency: concurrencySchema.default(BATCH_CONCURRENCY_DEFAULT),
});
export type BatchForecastQuery = z.output<typeof batchForecastQuerySchema>;

/** One config the batch would run, as the forecast sees it. */
export const batchForecastConfigSchema = z.object({
  configId: z.number().int(),
  companyId: z.number().int(),
  keyword: z.string(),
  size: z.number().int(),
  /** Enabled points: one search each. */
  points: z.number().int(),
  estimatedCents: z.number().int(),
});

/** A config that would stop the batch from starting (over the cost ceiling, bad settings). */
export const batchProblemSchema = z.object({
  configId: z.number().int(),
  companyId: z.number().int(),
  keyword: z.string(),
  message: z.string(),
});

export const batchForecastSchema = z.object({
  scans: z.number().int(),
  points: z.number().int(),
  /** The provider's estimate for one search per point, in whole cents (0 when simulated). */
  estimatedCents: z.number().int(),
  /** The provider's ceiling for one scan, in cents; null when it has none. */
  scanCeilingCents: z.number().int().nullable(),
  concurrency: z.number().int(),
  /**
   * An estimate, never a promise: recent scans' measured seconds per point, laid out over
   * `concurrency` slots in run order. Null when no scan has finished yet to measure from.
   */
  estimatedDuration: z.object({
    seconds: z.number().int().nullable(),
    secondsPerPoint: z.number().nullable(),
    basis: z.string(),
  }),
  companies: z.array(
    z.object({
      companyId: z.number().int(),
      name: z.string(),
      scans: z.number().int(),
      points: z.number().int(),
      estimatedCents: z.number().int(),
    }),
  ),
  configs: z.array(batchForecastConfigSchema),
  /** Asked-for companies that are not active clients or have no active grid config. */
  ignoredCompanyIds: z.array(z.number().int()),
  problems: z.array(batchProblemSchema),
});
export type BatchForecast = z.infer<typeof batchForecastSchema>;

export const BATCH_STATUSES = ['running', 'done', 'failed'] as const;
export const batchStatusSchema = z.enum(BATCH_STATUSES);
export type BatchStatus = z.infer<typeof batchStatusSchema>;

/** How a config's ATRP moved against its previous scan at the same settings. */
export const batchAtrpChangeSchema = z.object({
  configId: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  keyword: z.string(),
  scanId: z.number().int(),
  previousScanId: z.number().int(),
  previousAtrp: z.number(),
  atrp: z.number(),
  /** atrp − previousAtrp: negative is better (a lower average rank). */
  change: z.number(),
});
export type BatchAtrpChange = z.infer<typeof batchAtrpChangeSchema>;

export const batchSkippedSchema = z.object({
  configId: z.number().int(),
  companyId: z.number().int().nullable(),
  keyword: z.string().nullable(),
  reason: z.string(),
});

export const batchSummarySchema = z.object({
  scans: z.object({
    total: z.number().int(),
    done: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
  }),
  skipped: z.array(batchSkippedSchema),
  points: z.object({
    /** Enabled points of the scans that ran. */
    total: z.number().int(),
    measured: z.number().int(),
    errors: z.number().int(),
    /** Searches sent, retries included (the sum of every point's attempts). */
    searches: z.number().int(),
  }),
  durationSeconds: z.number().int(),
  cost: z.object({
    /** The estimate when the batch started, from its configs' points. */
    estimatedCents: z.number().int(),
    /** The same price applied to the searches actually sent. */
    searchesCents: z.number().int(),
  }),
  /** Means over the batch's finished scans that measured something; null when none did. */
  meanAtrp: z.number().nullable(),
  meanSolv: z.number().nullable(),
  /** The largest ATRP gains (most negative change first) and losses, at most 5 each. */
  improvements: z.array(batchAtrpChangeSchema),
  declines: z.array(batchAtrpChangeSchema),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const gridBatchSchema = z.object({
  id: z.number().int(),
  status: batchStatusSchema,
  concurrency: z.number().int(),
  requestedBy: z.number().int().nullable(),
  scansTotal: z.number().int(),
  /** Scans that finished (done or failed). */
  scansDone: z.number().int(),
  scansSkipped: z.number().int(),
  /** Scans started and not finished yet (never more than `concurrency`). */
  scansRunning: z.number().int(),
  pointsTotal: z.number().int(),
  pointsDone: z.number().int(),
  estimatedCents: z.number().int(),
  configIds: z.array(z.number().int()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Present once the batch has finished. */
  summary: batchSummarySchema.nullable(),
});
export type GridBatch = z.infer<typeof gridBatchSchema>;

export const batchStartResponseSchema = z.object({
  forecast: batchForecastSchema,
  /** Null for a forecast only. */
  batch: gridBatchSchema.nullable(),
});
export type BatchStartResponse = z.infer<typeof batchStartResponseSchema>;

export const batchIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

export const BATCH_PAGE_SIZE = 20;
export const batchListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const batchListSchema = z.object({
  items: z.array(gridBatchSchema.omit({ summary: true })),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type BatchList = z.infer<typeof batchListSchema>;

/** `grid-batch.progress` (audience: staff): after finished scans, and once at the end. */
export const batchProgressEventSchema = z.object({
  batchId: z.number().int(),
  status: batchStatusSchema,
  scansDone: z.number().int(),
  scansSkipped: z.number().int(),
  scansTotal: z.number().int(),
  pointsDone: z.number().int(),
  pointsTotal: z.number().int(),
});
export type BatchProgressEvent = z.infer<typeof batchProgressEventSchema>;
