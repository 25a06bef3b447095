import { z } from 'zod';

/**
 * Realtime: a business-listings scan of a product moved on (another directory checked) or
 * finished. Kept apart from `listing-scans.ts` so the realtime event table, which every
 * signed-in page loads, does not pull the scan page's schemas in.
 */
export const listingScanProgressEventSchema = z.object({
  companyId: z.number().int(),
  productId: z.number().int(),
  scanId: z.number().int(),
  done: z.number().int(),
  total: z.number().int(),
  state: z.enum(['running', 'done', 'failed']),
  /** The score once the scan is done; null while it runs. */
  score: z.number().int().nullable(),
});
export type ListingScanProgressEvent = z.infer<typeof listingScanProgressEventSchema>;

/** Realtime: a directory fix (outbox write) of a product changed status. */
export const listingScanFixEventSchema = z.object({
  companyId: z.number().int(),
  productId: z.number().int(),
  directory: z.string(),
  status: z.string(),
});
export type ListingScanFixEvent = z.infer<typeof listingScanFixEventSchema>;
