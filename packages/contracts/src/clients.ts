import { z } from 'zod';
import { companyStatusSchema } from './domain';

/** A client company as the dashboard reads it (`/api/uni/client/{id}`, SPEC §7). */
export const clientRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  county: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  placeId: z.string().nullable(),
  googlePlaceId: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  primaryCategory: z.string().nullable(),
  vertical: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  timeZone: z.string(),
  status: companyStatusSchema,
});
export type ClientRecord = z.infer<typeof clientRecordSchema>;

export const clientIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

export const userClientsResponseSchema = z.object({
  clients: z.array(clientRecordSchema),
});
export type UserClientsResponse = z.infer<typeof userClientsResponseSchema>;

/** `GET|PUT /api/uni/client/{id}/settings`: the client's own choices about the agency's work. */
export const clientSettingsSchema = z.object({
  /** Replies (and later posts) drafted by staff wait for the client's approval. */
  approvalRequired: z.boolean(),
});
export type ClientSettings = z.infer<typeof clientSettingsSchema>;

export const clientSettingsViewSchema = clientSettingsSchema.extend({
  /** Only the client's own people (and admins) change them. */
  canChange: z.boolean(),
});
export type ClientSettingsView = z.infer<typeof clientSettingsViewSchema>;
