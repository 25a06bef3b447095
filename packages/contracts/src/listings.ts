import { z } from 'zod';

/**
 * Realtime: a Business Profile listing changed: synced (with the fields Google changed on
 * its side), pushed, or a field taken from Google.
 */
export const listingChangedEventSchema = z.object({
  companyId: z.number().int(),
  connectionId: z.number().int(),
  changedFields: z.array(z.string()),
});
export type ListingChangedEvent = z.infer<typeof listingChangedEventSchema>;
