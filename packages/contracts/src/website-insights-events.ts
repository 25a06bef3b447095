import { z } from 'zod';

/**
 * Realtime events of the website products' page speed and contact forms. Apart from
 * `website-insights.ts` so the realtime table (on every page) stays small.
 */

/** A page-speed run request moved on: queued → running-mobile → running-desktop → done | failed. */
export const pageSpeedProgressEventSchema = z.object({
  companyId: z.number().int(),
  productId: z.number().int(),
  jobId: z.number().int(),
  state: z.enum(['queued', 'running-mobile', 'running-desktop', 'done', 'failed']),
  error: z.string().nullable(),
});
export type PageSpeedProgressEvent = z.infer<typeof pageSpeedProgressEventSchema>;

/** A visitor sent the site's contact form. */
export const formSubmittedEventSchema = z.object({
  companyId: z.number().int(),
  productId: z.number().int(),
  submissionId: z.number().int(),
});
export type FormSubmittedEvent = z.infer<typeof formSubmittedEventSchema>;
