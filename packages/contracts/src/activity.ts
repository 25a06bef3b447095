import { z } from 'zod';
import { calendarDaySchema, timeZoneSchema } from './date-ranges';
import { activityTypeSchema } from './domain';

export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_PAGE_SIZE_MAX = 100;

export const activityParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

/**
 * `GET /api/uni/client/activity/{id}` (SPEC §7): newest first, by limit and offset, with an
 * optional type and an optional day range (both days, in `tz` or the company's zone).
 */
export const activityQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_SIZE_MAX).default(ACTIVITY_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    type: activityTypeSchema.optional(),
    from: calendarDaySchema.optional(),
    to: calendarDaySchema.optional(),
    tz: timeZoneSchema.optional(),
  })
  .superRefine((query, ctx) => {
    if ((query.from === undefined) !== (query.to === undefined)) {
      const missing = query.from === undefined ? 'from' : 'to';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'Give both from and to, or neither.',
      });
    } else if (query.from && query.to && query.from > query.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from.' });
    }
  });
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityItemSchema = z.object({
  id: z.number().int(),
  /** One of ACTIVITY_TYPES; kept a string so a type added later still reads (label falls back). */
  type: z.string(),
  title: z.string(),
  detail: z.string(),
  occurredAt: z.string(),
  /** The product the work was for, when there is one. */
  product: z
    .object({ instanceId: z.number().int(), slug: z.string(), name: z.string() })
    .nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = z.object({
  items: z.array(activityItemSchema),
  /** Matching events across all pages. */
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
