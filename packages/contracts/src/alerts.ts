import { z } from 'zod';

/** SPEC §3 "freemium alerts; grid alerts; listing alerts", and low-rated reviews. */
export const ALERT_KINDS = ['freemium', 'grid', 'listing', 'review', 'uptime'] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

/** One alert of one client company, as the dashboard reads it. */
export const alertSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  kind: alertKindSchema,
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertCompanyParamsSchema = z.object({
  companyId: z.coerce.number().int().positive(),
});

/** `POST /api/alerts/{companyId}/{alertId}/read`: one alert of that company. */
export const alertItemParamsSchema = alertCompanyParamsSchema.extend({
  alertId: z.coerce.number().int().positive(),
});

/** `POST /api/alerts/{companyId}/read-all`: how many were marked, and what is left unread (0). */
export const alertsMarkedReadSchema = z.object({
  updated: z.number().int(),
  unreadCount: z.number().int(),
});
export type AlertsMarkedRead = z.infer<typeof alertsMarkedReadSchema>;

export const ALERTS_PAGE_SIZE_MAX = 100;

/** `GET /api/alerts/{companyId}`: newest first, by limit and offset, optionally unread only. */
export const alertListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ALERTS_PAGE_SIZE_MAX).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  unread: z.enum(['true', 'false']).optional(),
});
export type AlertListQuery = z.input<typeof alertListQuerySchema>;

export const alertListSchema = z.object({
  items: z.array(alertSchema),
  /** How many alerts match the filter, across all pages. */
  total: z.number().int(),
  /** How many of the company's alerts are unread, whatever the filter. */
  unreadCount: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type AlertList = z.infer<typeof alertListSchema>;

/** How long a shared read-only link stays valid, in days. */
export const ALERT_LINK_DAYS = [1, 7, 30] as const;
export type AlertLinkDays = (typeof ALERT_LINK_DAYS)[number];
export const DEFAULT_ALERT_LINK_DAYS: AlertLinkDays = 7;

/** `POST /api/alerts/{companyId}/share-link`. Unknown fields are dropped, never stored. */
export const alertShareLinkRequestSchema = z.object({
  days: z
    .union([z.literal(1), z.literal(7), z.literal(30)], {
      message: 'Choose 1, 7 or 30 days.',
    })
    .default(DEFAULT_ALERT_LINK_DAYS),
});

export const alertShareLinkSchema = z.object({
  /** The public `/my-alerts?token=…` address to hand out. */
  url: z.string(),
  expiresAt: z.string(),
});
export type AlertShareLink = z.infer<typeof alertShareLinkSchema>;

/** `GET /api/public/alerts?token=…`: the legacy public page; the token is checked in the service. */
export const sharedAlertsQuerySchema = z.object({
  token: z.string().optional(),
});

export const SHARED_ALERTS_LIMIT = 100;

export const sharedAlertSchema = alertSchema.omit({ companyId: true });
export type SharedAlert = z.infer<typeof sharedAlertSchema>;

/** What a link holder sees: the company's display name and its latest alerts, read-only. */
export const sharedAlertsSchema = z.object({
  company: z.object({ name: z.string() }),
  alerts: z.array(sharedAlertSchema),
  expiresAt: z.string(),
});
export type SharedAlerts = z.infer<typeof sharedAlertsSchema>;
