import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { productInstances } from './domain';
import { clientCompanies } from './identity';
import { vendorConnections } from './vendor-data';
import { websiteSites } from './websites';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => clientCompanies.id, { onDelete: 'cascade' });
const siteId = () =>
  integer('site_id')
    .notNull()
    .references(() => websiteSites.id, { onDelete: 'cascade' });

/**
 * One page-speed request for a site ("Run now", the monthly schedule, or the seed): it runs
 * mobile then desktop and ends `done` or `failed` with a reason. `state` is what the panel's
 * progress shows; the rate limit reads the newest manual request of the site.
 */
export const pageSpeedJobs = pgTable(
  'page_speed_jobs',
  {
    id: serial('id').primaryKey(),
    siteId: siteId(),
    companyId: companyId(),
    productInstanceId: integer('product_instance_id').references(() => productInstances.id, {
      onDelete: 'set null',
    }),
    /** 'queued' | 'running-mobile' | 'running-desktop' | 'done' | 'failed' */
    state: text('state').notNull().default('queued'),
    /** 'manual' | 'scheduled' | 'seed' */
    origin: text('origin').notNull(),
    requestedBy: integer('requested_by'),
    error: text('error'),
    createdAt: at('created_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('page_speed_jobs_site_created_idx').on(t.siteId, t.createdAt)],
);

/**
 * One measurement of a site for one strategy. Scores are 0–100 (Lighthouse's 0–1 × 100);
 * `vitals` is the contracts' PageSpeedVitals. A failed run keeps its reason and no scores.
 */
export const pageSpeedRuns = pgTable(
  'page_speed_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: siteId(),
    jobId: integer('job_id').references(() => pageSpeedJobs.id, { onDelete: 'set null' }),
    /** 'mobile' | 'desktop' */
    strategy: text('strategy').notNull(),
    /** 'done' | 'failed' */
    status: text('status').notNull(),
    /** 'demo' | 'live': which provider measured it. */
    source: text('source').notNull(),
    performance: smallint('performance'),
    accessibility: smallint('accessibility'),
    bestPractices: smallint('best_practices'),
    seo: smallint('seo'),
    vitals: jsonb('vitals'),
    error: text('error'),
    ranAt: at('ran_at').notNull(),
  },
  (t) => [
    index('page_speed_runs_site_time_idx').on(t.siteId, t.strategy, t.ranAt),
    // A retried job writes its strategy's run once.
    uniqueIndex('page_speed_runs_job_strategy_key').on(t.jobId, t.strategy),
  ],
);

/**
 * The hosting account of a site as its host reports it (vendor `hosting`, synced daily):
 * plan, domain and renewal, quotas, this month's use, and the SSL certificate.
 */
export const hostingAccounts = pgTable('hosting_accounts', {
  connectionId: integer('connection_id')
    .primaryKey()
    .references(() => vendorConnections.id, { onDelete: 'cascade' }),
  siteId: siteId(),
  companyId: companyId(),
  plan: text('plan').notNull(),
  domain: text('domain').notNull(),
  domainRenewsOn: date('domain_renews_on', { mode: 'string' }),
  diskQuotaMb: integer('disk_quota_mb'),
  bandwidthQuotaMb: integer('bandwidth_quota_mb'),
  diskUsedMb: integer('disk_used_mb').notNull(),
  sslIssuer: text('ssl_issuer'),
  sslSubject: text('ssl_subject'),
  sslExpiresAt: at('ssl_expires_at'),
  syncedAt: at('synced_at').notNull(),
});

/** Disk and bandwidth use per month of a hosting account (the month's last reading). */
export const hostingUsage = pgTable(
  'hosting_usage',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => vendorConnections.id, { onDelete: 'cascade' }),
    /** First day of the month (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    /** Null for months the host reports no disk reading of (live cPanel: only the current). */
    diskUsedMb: integer('disk_used_mb'),
    bandwidthUsedMb: integer('bandwidth_used_mb').notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.month] })],
);

/**
 * A visitor's message through a site's contact form: lead-friendly fields (the leads
 * center of a later issue reads them). Email lower-cased; phone E.164 when it could be read.
 */
export const websiteFormSubmissions = pgTable(
  'website_form_submissions',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    siteId: siteId(),
    productInstanceId: integer('product_instance_id').references(() => productInstances.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    message: text('message').notNull(),
    page: text('page'),
    userAgent: text('user_agent'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('website_form_submissions_site_time_idx').on(t.siteId, t.receivedAt),
    index('website_form_submissions_company_time_idx').on(t.companyId, t.receivedAt),
  ],
);
