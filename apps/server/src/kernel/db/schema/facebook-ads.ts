import {
  bigint,
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

/**
 * A Meta ad account's campaigns (`/act_{id}/campaigns`), one row per (connection, campaign
 * id), upserted by the `campaigns` sync. Money in integer cents (Graph gives budgets in the
 * account currency's minor unit already).
 */
export const fbadsCampaigns = pgTable(
  'fbads_campaigns',
  {
    connectionId: connectionId(),
    companyId: companyId(),
    /** Graph's campaign id. */
    campaignId: text('campaign_id').notNull(),
    name: text('name').notNull(),
    /** OUTCOME_LEADS, OUTCOME_TRAFFIC, OUTCOME_AWARENESS, … */
    objective: text('objective').notNull().default(''),
    /** ACTIVE, PAUSED, ARCHIVED, … (Graph `status`). */
    status: text('status').notNull().default(''),
    dailyBudgetCents: bigint('daily_budget_cents', { mode: 'number' }),
    syncedAt: at('synced_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.campaignId] })],
);

/**
 * One campaign's figures for one day of the ad account's own time zone (Graph insights with
 * `time_increment=1`, `level=campaign`). Spend parsed exactly from Graph's decimal string to
 * cents. `reach` is that day's unique people: it does not add up across days.
 */
export const fbadsInsights = pgTable(
  'fbads_insights',
  {
    connectionId: connectionId(),
    companyId: companyId(),
    campaignId: text('campaign_id').notNull(),
    /** `date_start` of the row: the account's local day. */
    day: date('day', { mode: 'string' }).notNull(),
    spendCents: bigint('spend_cents', { mode: 'number' }).notNull().default(0),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    reach: bigint('reach', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    leads: integer('leads').notNull().default(0),
    syncedAt: at('synced_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.campaignId, t.day] }),
    index('fbads_insights_company_day_idx').on(t.companyId, t.day),
  ],
);

/**
 * A Facebook lead ad's lead (Graph `/{form_id}/leads`): who filled the instant form and what
 * they gave, upserted by (connection, leadgen id). The leads center reads its contact fields.
 */
export const fbadsLeads = pgTable(
  'fbads_leads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: connectionId(),
    companyId: companyId(),
    /** Graph's leadgen id. */
    leadgenId: text('leadgen_id').notNull(),
    formId: text('form_id').notNull(),
    adId: text('ad_id'),
    campaignId: text('campaign_id'),
    /** `created_time`. */
    createdTime: at('created_time').notNull(),
    /** `field_data` as Graph gives it. */
    fieldData: jsonb('field_data').$type<{ name: string; values: string[] }[]>().notNull(),
    syncedAt: at('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fbads_leads_external_key').on(t.connectionId, t.leadgenId),
    index('fbads_leads_company_created_idx').on(t.companyId, t.createdTime),
  ],
);
