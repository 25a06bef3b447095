import { z } from 'zod';

/**
 * The dev outbox (staff): emails and texts kept instead of sent, because no SMTP_URL is
 * set or the SMS provider is the demo one. Every answer says `sent: false`.
 */
export const DEV_OUTBOX_CHANNELS = ['email', 'sms'] as const;
export const devOutboxChannelSchema = z.enum(DEV_OUTBOX_CHANNELS);

export const devOutboxListQuerySchema = z.object({
  channel: devOutboxChannelSchema.optional(),
  purpose: z.string().trim().max(60).optional(),
  /** Part of the recipient's address (email or phone). */
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type DevOutboxListQuery = z.input<typeof devOutboxListQuerySchema>;

export const devOutboxRowSchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  purpose: z.string(),
  company_id: z.number().int().nullable(),
  to: z.string(),
  from: z.string(),
  subject: z.string().nullable(),
  /** The subject, or the text's first line for a text message. */
  summary: z.string(),
  created_at: z.string(),
  /** Always false: nothing in the outbox was delivered to anyone. */
  sent: z.literal(false),
});
export type DevOutboxRow = z.infer<typeof devOutboxRowSchema>;

export const devOutboxListSchema = z.object({
  items: z.array(devOutboxRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Purposes present, for the filter. */
  purposes: z.array(z.string()),
  sent: z.literal(false),
});
export type DevOutboxList = z.infer<typeof devOutboxListSchema>;

export const devOutboxIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

export const devOutboxMessageSchema = devOutboxRowSchema.extend({
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
});
export type DevOutboxMessage = z.infer<typeof devOutboxMessageSchema>;
