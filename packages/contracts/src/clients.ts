import { z } from 'zod';

/**
 * A client company as the dashboard reads it (`/api/uni/client/{id}`, SPEC §7). The
 * domain-model work adds address, category, vertical and status.
 */
export const clientRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
});
export type ClientRecord = z.infer<typeof clientRecordSchema>;

export const clientIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

export const userClientsResponseSchema = z.object({
  clients: z.array(clientRecordSchema),
});
export type UserClientsResponse = z.infer<typeof userClientsResponseSchema>;
