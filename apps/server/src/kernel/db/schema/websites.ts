import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { alerts } from './alerts';
import { productInstances } from './domain';
import { clientCompanies } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The web site behind a website product (webworx-professional, website-hosting, powerpage,
 * website, omgincontact): one row per product. A demo site (`is_demo`, set only by the seed)
 * is served by Pinpoint itself under `/demo-sites/{demo_slug}`; its `url` is stored as that
 * path so the app's own origin is decided when the site is checked (`resolveSiteUrl`).
 * The `status`/`last_*` columns are the checker's latest view, so the page reads one row.
 */
export const websiteSites = pgTable(
  'website_sites',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    productInstanceId: integer('product_instance_id')
      .notNull()
      .references(() => productInstances.id, { onDelete: 'cascade' }),
    /** Absolute http(s) URL, or `/demo-sites/{slug}` for a demo site on the app's own origin. */
    url: text('url').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    demoSlug: text('demo_slug'),
    /** Staff took the demo site down: it answers 503 until brought back. */
    demoDown: boolean('demo_down').notNull().default(false),
    /** 'up' | 'down' | 'unknown' (never checked). Down only after two failed checks. */
    status: text('status').notNull().default('unknown'),
    statusSince: at('status_since'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastCheckedAt: at('last_checked_at'),
    lastStatusCode: integer('last_status_code'),
    lastResponseMs: integer('last_response_ms'),
    /** 'dns' | 'timeout' | 'refused' | 'tls' | 'http_5xx' | 'http_4xx' | 'blocked' | 'network' */
    lastErrorKind: text('last_error_kind'),
    lastError: text('last_error'),
    /** The peer certificate's `valid_to` at the last https check. */
    tlsExpiresAt: at('tls_expires_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('website_sites_product_key').on(t.productInstanceId),
    uniqueIndex('website_sites_demo_slug_key').on(t.demoSlug),
    index('website_sites_company_idx').on(t.companyId),
  ],
);

/**
 * Raw uptime checks, kept for the recent past only (the response-time chart and the
 * two-in-a-row rule); older history lives in `website_uptime_days`.
 */
export const websiteChecks = pgTable(
  'website_checks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => websiteSites.id, { onDelete: 'cascade' }),
    checkedAt: at('checked_at').notNull(),
    up: boolean('up').notNull(),
    statusCode: integer('status_code'),
    responseMs: integer('response_ms'),
    errorKind: text('error_kind'),
  },
  (t) => [index('website_checks_site_time_idx').on(t.siteId, t.checkedAt)],
);

/** Per-site, per-UTC-day uptime aggregate: the 90-day strip and the daily response time. */
export const websiteUptimeDays = pgTable(
  'website_uptime_days',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => websiteSites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    checks: integer('checks').notNull().default(0),
    upChecks: integer('up_checks').notNull().default(0),
    /** Sum of response times of checks that got an answer, for the daily average. */
    responseMsSum: bigint('response_ms_sum', { mode: 'number' }).notNull().default(0),
    responseCount: integer('response_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/** A stretch of downtime: opened at the second failed check in a row, closed when up again. */
export const websiteIncidents = pgTable(
  'website_incidents',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => websiteSites.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    /** The first failed check of the run. */
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at'),
    /** What the failing checks saw, e.g. 'http_5xx' or 'timeout'. */
    cause: text('cause').notNull(),
    statusCode: integer('status_code'),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('website_incidents_site_started_idx').on(t.siteId, t.startedAt),
    index('website_incidents_company_idx').on(t.companyId),
  ],
);
