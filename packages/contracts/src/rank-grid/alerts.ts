import { z } from 'zod';
import { gridQuadrantSchema } from './quadrants';

/**
 * Grid alerts (issue 6): when a finished scan is clearly worse than the previous finished scan
 * of the same settings, the company gets an alert (the `alerts` table, kind `grid`) and a
 * `grid-alert.created` event.
 */

export const GRID_ALERT_RULES = ['atrp_worse', 'solv_drop', 'quadrant_lost'] as const;
export const gridAlertRuleSchema = z.enum(GRID_ALERT_RULES);
export type GridAlertRule = z.infer<typeof gridAlertRuleSchema>;

/** Thresholds of a one-off scan (a grid config carries its own). */
export const DEFAULT_ATRP_ALERT_THRESHOLD = 1;
export const DEFAULT_SOLV_ALERT_THRESHOLD = 10;

/**
 * What changed, as stored in `alerts.data`. `before`/`after` are ATRP (places), SoLV (percent)
 * or, for a lost quadrant, that quadrant's top-3 coverage (percent).
 */
export const gridAlertDataSchema = z.object({
  rule: gridAlertRuleSchema,
  before: z.number(),
  after: z.number(),
  quadrant: gridQuadrantSchema.nullable(),
  threshold: z.number().nullable(),
  previousScanId: z.number().int(),
  keyword: z.string(),
  size: z.number().int(),
  radius: z.number(),
  unit: z.enum(['mi', 'km']),
});
export type GridAlertData = z.infer<typeof gridAlertDataSchema>;

export const gridAlertSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  scanId: z.number().int(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  data: gridAlertDataSchema,
});
export type GridAlert = z.infer<typeof gridAlertSchema>;

export const GRID_ALERTS_PAGE_SIZE = 20;

/** `GET /api/localrank/alerts?companyId=&page=`: the company is required except for trial leads. */
export const gridAlertListQuerySchema = z.object({
  companyId: z.coerce
    .number({ error: 'Choose a company.' })
    .int({ error: 'Choose a company.' })
    .positive({ error: 'Choose a company.' })
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type GridAlertListQuery = z.input<typeof gridAlertListQuerySchema>;

export const gridAlertListSchema = z.object({
  items: z.array(gridAlertSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Grid alerts of the company, across all pages. */
  total: z.number().int(),
  /** Unread grid alerts of the company. */
  unreadCount: z.number().int(),
});
export type GridAlertList = z.infer<typeof gridAlertListSchema>;

export const gridAlertIdParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
});

/** `DELETE /api/rankclient/remove/alert/{id}`: what was removed and what is left unread. */
export const gridAlertRemovedSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  unreadCount: z.number().int(),
});
export type GridAlertRemoved = z.infer<typeof gridAlertRemovedSchema>;

/** `grid-alert.created` (audience: that client): a hint; the page refetches the list. */
export const gridAlertCreatedEventSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  scanId: z.number().int(),
  rule: gridAlertRuleSchema,
  quadrant: gridQuadrantSchema.nullable(),
  title: z.string(),
  createdAt: z.string(),
});
export type GridAlertCreatedEvent = z.infer<typeof gridAlertCreatedEventSchema>;
