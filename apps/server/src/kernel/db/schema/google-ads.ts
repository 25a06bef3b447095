import {
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientCompanies } from './identity';
import { vendorConnections } from './vendor-data';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const connectionId = () =>
  integer('connection_id')
    .notNull()
    .references(() => vendorConnections.id, { onDelete: 'cascade' });
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => clientCompanies.id, { onDelete: 'cascade' });

/** One Google Ads customer per connection (`customer` resource): its name, currency and zone. */
export const gadsCustomers = pgTable('gads_customers', {
  connectionId: integer('connection_id')
    .primaryKey()
    .references(() => vendorConnections.id, { onDelete: 'cascade' }),
  companyId: companyId(),
  /** Ten digits, no dashes (Google's `customer.id`). */
  customerId: text('customer_id').notNull(),
  descriptiveName: text('descriptive_name').notNull().default(''),
  currencyCode: text('currency_code').notNull().default('USD'),
  /** `segments.date` is a day in this zone. */
  timeZone: text('time_zone').notNull().default('America/New_York'),
  /** The sync's cursor: the last local day whose figures are stored (each run refetches 3 before it). */
  figuresThrough: date('figures_through', { mode: 'string' }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A campaign, its daily budget in cents and its ad schedule (`ad_schedule_view`). */
export const gadsCampaigns = pgTable(
  'gads_campaigns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: connectionId(),
    companyId: companyId(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    /** `advertising_channel_type`: SEARCH, DISPLAY, PERFORMANCE_MAX, LOCAL, … */
    channelType: text('channel_type').notNull(),
    /** ENABLED, PAUSED, REMOVED */
    status: text('status').notNull(),
    budgetCents: integer('budget_cents'),
    /** [{ day: 'MONDAY', startHour, startMinute, endHour, endMinute }] */
    schedule: jsonb('schedule').notNull().default([]),
    startDate: date('start_date', { mode: 'string' }),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gads_campaigns_connection_external_key').on(t.connectionId, t.externalId)],
);

/** An ad (`ad_group_ad`) with its text as Google serves it. */
export const gadsAds = pgTable(
  'gads_ads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: connectionId(),
    companyId: companyId(),
    externalId: text('external_id').notNull(),
    campaignExternalId: text('campaign_external_id').notNull(),
    adGroupId: text('ad_group_id').notNull(),
    adGroupName: text('ad_group_name').notNull().default(''),
    /** RESPONSIVE_SEARCH_AD, RESPONSIVE_DISPLAY_AD, CALL_AD, … */
    type: text('type').notNull(),
    status: text('status').notNull(),
    headlines: jsonb('headlines').$type<string[]>().notNull().default([]),
    descriptions: jsonb('descriptions').$type<string[]>().notNull().default([]),
    finalUrl: text('final_url'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gads_ads_connection_external_key').on(t.connectionId, t.externalId)],
);

/** A keyword (`keyword_view`), its match type and quality score (1–10, null when Google has none). */
export const gadsKeywords = pgTable(
  'gads_keywords',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: connectionId(),
    companyId: companyId(),
    /** `{adGroupId}~{criterionId}`, as in the criterion's resource name. */
    externalId: text('external_id').notNull(),
    campaignExternalId: text('campaign_external_id').notNull(),
    text: text('text').notNull(),
    matchType: text('match_type').notNull(),
    qualityScore: integer('quality_score'),
    status: text('status').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gads_keywords_connection_external_key').on(t.connectionId, t.externalId)],
);

/** An image asset (`asset` of type IMAGE): where Google keeps the full-size file. */
export const gadsAssets = pgTable(
  'gads_assets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: connectionId(),
    companyId: companyId(),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    width: integer('width'),
    height: integer('height'),
    fileSize: integer('file_size'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gads_assets_connection_external_key').on(t.connectionId, t.externalId)],
);

/**
 * Daily figures, one row per (entity, month) with one array slot per day of the month
 * (slot 1 = the 1st, in the account's zone). Kinds: `campaign` (key: campaign id), `ad`
 * (ad id), `keyword` (`{adGroupId}~{criterionId}`), `location` (geo target constant id).
 * Daily grain keeps every range report exact; a month per row keeps 18 months of a
 * company's ads, keywords and cities to a few hundred rows, so the seed stays fast.
 */
export const gadsMetricMonths = pgTable(
  'gads_metric_months',
  {
    connectionId: connectionId(),
    companyId: companyId(),
    kind: text('kind').notNull(),
    entityKey: text('entity_key').notNull(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    impressions: integer('impressions').array().notNull(),
    clicks: integer('clicks').array().notNull(),
    costCents: integer('cost_cents').array().notNull(),
    /** Phone-call conversions (`PHONE_CALL_LEAD`). */
    calls: integer('calls').array().notNull(),
    /** Lead-form conversions (`SUBMIT_LEAD_FORM`). */
    forms: integer('forms').array().notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.kind, t.entityKey, t.month] }),
    index('gads_metric_months_connection_month_idx').on(t.connectionId, t.kind, t.month),
  ],
);

/** A lead: a call (`call_view`) or a lead-form submission (`lead_form_submission_data`). */
export const gadsLeads = pgTable(
  'gads_leads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: connectionId(),
    companyId: companyId(),
    externalId: text('external_id').notNull(),
    /** 'call' | 'form' */
    kind: text('kind').notNull(),
    occurredAt: at('occurred_at').notNull(),
    campaignExternalId: text('campaign_external_id'),
    callerAreaCode: text('caller_area_code'),
    durationSeconds: integer('duration_seconds'),
    /** [{ name, value }] as the form collected them. */
    formFields: jsonb('form_fields').$type<{ name: string; value: string }[]>(),
  },
  (t) => [
    uniqueIndex('gads_leads_connection_external_key').on(t.connectionId, t.externalId),
    index('gads_leads_connection_at_idx').on(t.connectionId, t.occurredAt),
  ],
);
