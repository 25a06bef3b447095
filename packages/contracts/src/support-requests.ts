import { z } from 'zod';

export const SUPPORT_STATUSES = ['open', 'closed'] as const;
export const supportStatusSchema = z.enum(SUPPORT_STATUSES);

/** A client's request for help about one product, and the agency's reply. */
export const supportRequestSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  productId: z.number().int(),
  productSlug: z.string(),
  productName: z.string(),
  subject: z.string(),
  message: z.string(),
  status: supportStatusSchema,
  authorName: z.string().nullable(),
  reply: z.string().nullable(),
  repliedBy: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;

export const supportRequestListSchema = z.object({
  items: z.array(supportRequestSchema),
  total: z.number().int(),
});
export type SupportRequestList = z.infer<typeof supportRequestListSchema>;

export const supportRequestInputSchema = z.object({
  subject: z.string().trim().min(3, 'Give the request a subject.').max(150),
  message: z
    .string()
    .trim()
    .min(10, 'Say a little more (10 characters at least).')
    .max(4_000, 'Keep it under 4,000 characters.'),
});
export type SupportRequestInput = z.infer<typeof supportRequestInputSchema>;

/** Staff answer a request; `close` also closes it (a reopened request has no reply change). */
export const supportReplyInputSchema = z
  .object({
    reply: z.string().trim().max(4_000, 'Keep the reply under 4,000 characters.').optional(),
    status: supportStatusSchema.optional(),
  })
  // An empty answer would change nothing yet still notify the client.
  .refine((input) => Boolean(input.reply) || input.status !== undefined, {
    message: 'Write a reply, or close or reopen the request.',
    path: ['reply'],
  });
export type SupportReplyInput = z.infer<typeof supportReplyInputSchema>;

export const supportRequestParamsSchema = z.object({
  requestId: z.coerce.number().int().positive(),
});
export const supportListQuerySchema = z.object({
  status: z.enum(['open', 'closed', 'all']).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** Realtime `support-request.changed` (audience: the company, which staff assigned to it see). */
export const supportRequestChangedSchema = z.object({
  companyId: z.number().int(),
  productId: z.number().int(),
  requestId: z.number().int(),
  status: supportStatusSchema,
  /** 'created' | 'replied' | 'status' */
  change: z.enum(['created', 'replied', 'status']),
});
