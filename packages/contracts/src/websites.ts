import { z } from 'zod';
import { calendarDaySchema, refineDayRange } from './date-ranges';
import { uptimeDaySchema } from './status-page';

/**
 * Website products (issue 18): the site behind each product, its uptime checks, incidents
 * and the staff controls. Reports are `POST /api/uni/products/{api}/{productId}/uptime`
 * (SPEC §7 product overviews); the api segment names the product's catalog `api`.
 */
export const WEBSITE_PRODUCT_APIS = {
  webworx: 'webworx-professional',
  hosting: 'website-hosting',
  website: 'website',
  powerpage: 'powerpage',
  omgincontact: 'omgincontact',
} as const;
export type WebsiteProductApi = keyof typeof WEBSITE_PRODUCT_APIS;
export const WEBSITE_PRODUCT_SLUGS = Object.values(WEBSITE_PRODUCT_APIS);

/** The api segment of a website product's routes, from its catalog slug; null if not one. */
export function websiteApiOfSlug(slug: string): WebsiteProductApi | null {
  const entry = Object.entries(WEBSITE_PRODUCT_APIS).find(([, s]) => s === slug);
  return entry ? (entry[0] as WebsiteProductApi) : null;
}

/** How a check failed: the name resolution, the connection, TLS, or the answer. */
export const SITE_ERROR_KINDS = [
  'dns',
  'timeout',
  'refused',
  'tls',
  'http_5xx',
  'http_4xx',
  'blocked',
  'network',
] as const;
export const siteErrorKindSchema = z.enum(SITE_ERROR_KINDS);
export type SiteErrorKind = z.infer<typeof siteErrorKindSchema>;

export const siteStatusSchema = z.enum(['up', 'down', 'unknown']);
export type SiteStatus = z.infer<typeof siteStatusSchema>;

/** The report's range: days of the checks (UTC), both required. */
export const websiteUptimeBodySchema = z
  .object({ from: calendarDaySchema, to: calendarDaySchema })
  .superRefine(refineDayRange);
export type WebsiteUptimeBody = z.infer<typeof websiteUptimeBodySchema>;

export const websiteSiteSchema = z.object({
  siteId: z.number().int(),
  /** What is checked; a demo site's URL on the app's own origin. */
  url: z.string(),
  isDemo: z.boolean(),
  /** Staff took the demo site down (it answers 503). */
  demoDown: z.boolean(),
  /** `down` only after two failed checks in a row. */
  status: siteStatusSchema,
  statusSince: z.string().nullable(),
  lastCheckedAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastResponseMs: z.number().int().nullable(),
  lastErrorKind: siteErrorKindSchema.nullable(),
  lastError: z.string().nullable(),
  tlsExpiresAt: z.string().nullable(),
});
export type WebsiteSite = z.infer<typeof websiteSiteSchema>;

export const websiteIncidentSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  /** Null while it is still open. */
  endedAt: z.string().nullable(),
  cause: z.string(),
  statusCode: z.number().int().nullable(),
  durationMinutes: z.number().int().nonnegative(),
});
export type WebsiteIncident = z.infer<typeof websiteIncidentSchema>;

export const websiteResponsePointSchema = z.object({
  at: z.string(),
  /** Null when the check got no answer. */
  ms: z.number().int().nullable(),
  up: z.boolean(),
});
export type WebsiteResponsePoint = z.infer<typeof websiteResponsePointSchema>;

export const websiteUptimeReportSchema = z.object({
  site: websiteSiteSchema,
  /** Uptime over the range's checks; null when nothing was checked in it. */
  uptimePercent: z.number().min(0).max(100).nullable(),
  averageResponseMs: z.number().int().nullable(),
  /** The last 90 UTC days, oldest first; `up`/`down` are minutes (a check stands for 5). */
  days: z.array(uptimeDaySchema),
  /** The raw checks of the last 48 hours, oldest first. */
  recentChecks: z.array(websiteResponsePointSchema),
  /** Daily average response time within the range. */
  dailyResponse: z.array(z.object({ date: z.string(), ms: z.number().int().nullable() })),
  /** Incidents that overlap the range, newest first (at most 100). */
  incidents: z.array(websiteIncidentSchema),
});
export type WebsiteUptimeReport = z.infer<typeof websiteUptimeReportSchema>;

/** A URL staff enter: http(s) only; the server also refuses private addresses. */
export const websiteSetUrlBodySchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Enter the site’s address.')
    .max(2048, 'That address is too long.')
    .refine((value) => /^https?:\/\//i.test(value), {
      message: 'Use an address that starts with http:// or https://.',
    }),
});
export type WebsiteSetUrlBody = z.infer<typeof websiteSetUrlBodySchema>;

export const websiteDemoStateBodySchema = z.object({ down: z.boolean() });
export type WebsiteDemoStateBody = z.infer<typeof websiteDemoStateBodySchema>;

/** What a staff action answers: the site as it is now. */
export const websiteSiteResultSchema = z.object({ site: websiteSiteSchema });
