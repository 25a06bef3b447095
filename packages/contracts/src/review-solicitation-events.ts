import { z } from 'zod';

// Apart from review-solicitation.ts, so the realtime schemas (first download) leave
// libphonenumber's metadata out.

/** Realtime: a request's status changed (the page refreshes that row and the totals). */
export const solicitationChangedEventSchema = z.object({
  companyId: z.number().int(),
  productId: z.number().int(),
  requestIds: z.array(z.number().int()).max(500),
});
export type SolicitationChangedEvent = z.infer<typeof solicitationChangedEventSchema>;
