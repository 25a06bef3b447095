import { z } from 'zod';

/** A site was checked (or changed by staff); pages refetch the report (audience: that client). */
export const websiteCheckedEventSchema = z.object({
  productId: z.number().int(),
  siteId: z.number().int(),
  companyId: z.number().int(),
  status: z.enum(['up', 'down', 'unknown']),
  checkedAt: z.string().nullable(),
  /** 'opened' or 'closed' when this check opened or closed an incident. */
  incident: z.enum(['opened', 'closed']).nullable(),
});
export type WebsiteCheckedEvent = z.infer<typeof websiteCheckedEventSchema>;
