import { z } from 'zod';

/**
 * Animated GIFs of a grid's history (issue 7): one frame per finished scan of the same
 * company, keyword, size, radius and unit, rendered by a background job.
 */

export const GIF_MIN_FRAMES = 3;
export const GIF_MAX_FRAMES = 52;
export const DEFAULT_GIF_FRAMES = 6;

export const GIF_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const gifStatusSchema = z.enum(GIF_STATUSES);
export type GifStatus = z.infer<typeof gifStatusSchema>;

const framesMessage = `Choose ${GIF_MIN_FRAMES} to ${GIF_MAX_FRAMES} scans.`;

/** `POST /api/localrank/gif`. */
export const gifRequestSchema = z.object({
  scanId: z
    .number({ error: 'Choose a scan.' })
    .int({ error: 'Choose a scan.' })
    .positive({ error: 'Choose a scan.' }),
  frames: z
    .number({ error: framesMessage })
    .int({ error: framesMessage })
    .min(GIF_MIN_FRAMES, { error: framesMessage })
    .max(GIF_MAX_FRAMES, { error: framesMessage })
    .default(DEFAULT_GIF_FRAMES),
});
export type GifRequest = z.input<typeof gifRequestSchema>;

export const gifIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const rankGifSchema = z.object({
  id: z.number().int(),
  scanId: z.number().int(),
  keyword: z.string(),
  status: gifStatusSchema,
  framesTotal: z.number().int(),
  framesDone: z.number().int(),
  /** Why it failed, in words a user can act on; null otherwise. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RankGif = z.infer<typeof rankGifSchema>;

/** `GET /api/localrank/gif/series/{id}` (a scan id): how many finished scans a GIF could show. */
export const gifSeriesSchema = z.object({
  /** Finished scans of the same settings up to and including this one. */
  available: z.number().int(),
});
export type GifSeries = z.infer<typeof gifSeriesSchema>;

/** `rank-gif.progress` (audience: the company): "rank gif progress" of SPEC §3. */
export const gifProgressEventSchema = z.object({
  gifId: z.number().int(),
  companyId: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
  status: gifStatusSchema,
});
export type GifProgressEvent = z.infer<typeof gifProgressEventSchema>;
