import { z } from 'zod';

/** What the web app reports about an error (SPEC §3 "Error log"). */
export const errorLogCreateSchema = z.object({
  message: z.string().trim().min(1).max(2000),
  page: z.string().trim().min(1).max(500),
  stack: z.string().max(20_000).optional(),
  component: z.string().max(200).optional(),
  productId: z.string().max(100).optional(),
  browser: z.string().max(300).optional(),
});
export type ErrorLogCreate = z.infer<typeof errorLogCreateSchema>;

export const errorLogSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  page: z.string(),
  stack: z.string().nullable(),
  component: z.string().nullable(),
  affected: z.object({
    clients: z.array(z.number().int()),
    emails: z.array(z.string()),
    productids: z.array(z.string()),
    browser: z.array(z.string()),
  }),
  count: z.number().int(),
  resolved: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ErrorLog = z.infer<typeof errorLogSchema>;

export const errorLogCreatedSchema = z.object({
  id: z.number().int(),
  count: z.number().int(),
  resolved: z.boolean(),
});

export const errorLogListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  resolved: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const errorLogListSchema = z.object({
  items: z.array(errorLogSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const errorLogIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const errorLogResolveSchema = z.object({ resolved: z.boolean() });
export const errorLogResolveByKeySchema = z.object({
  message: z.string().trim().min(1).max(2000),
  page: z.string().trim().min(1).max(500),
  resolved: z.boolean(),
});
