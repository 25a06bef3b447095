import { z } from 'zod';

/**
 * Realtime `lead.arrived` (audience: that client): new leads were read in from the sources.
 * In a file of its own, as listing-scan-events.ts is: realtime.ts is in every signed-in
 * page's first download, and leads-center.ts brings libphonenumber (30 KB gzipped) with it.
 */
export const leadArrivedEventSchema = z.object({
  companyId: z.number().int(),
  /** The new leads' ids (a touch merged into an existing lead is not a new lead). */
  leadIds: z.array(z.number().int()),
  /** Leads that got another touch. */
  touched: z.number().int(),
});
