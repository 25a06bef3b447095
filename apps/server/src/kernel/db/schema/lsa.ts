import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientCompanies } from './identity';
import { vendorConnections } from './vendor-data';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => clientCompanies.id, { onDelete: 'cascade' });
const connectionId = () =>
  integer('connection_id')
    .notNull()
    .references(() => vendorConnections.id, { onDelete: 'cascade' });

/** Raw bytes; both drivers hand bytea back as a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A Local Services Ads lead (Google Ads API `local_services_lead`), synced on the
 * `google-ads-lsa` connection of the LSA account. Statuses and charge/credit states are
 * Google's own words; the consumer's contact details are stored whole and masked in lists.
 */
export const lsaLeads = pgTable(
  'lsa_leads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    connectionId: connectionId(),
    /** `local_services_lead.id`. */
    externalId: text('external_id').notNull(),
    /** PHONE_CALL | MESSAGE | BOOKING */
    leadType: text('lead_type').notNull(),
    categoryId: text('category_id').notNull().default(''),
    serviceId: text('service_id').notNull().default(''),
    /** NEW, ACTIVE, BOOKED, DECLINED, EXPIRED, DISABLED, CONSUMER_DECLINED, WIPED_OUT */
    status: text('status').notNull(),
    charged: boolean('charged').notNull(),
    /** `credit_details.credit_state`: PENDING (disputed) or CREDITED; null when never disputed. */
    creditState: text('credit_state'),
    creditUpdatedAt: at('credit_updated_at'),
    consumerName: text('consumer_name'),
    consumerPhone: text('consumer_phone'),
    consumerEmail: text('consumer_email'),
    /** `creation_date_time` (account time zone at Google) as a UTC instant. */
    leadCreatedAt: at('lead_created_at').notNull(),
    syncedAt: at('synced_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lsa_leads_external_key').on(t.connectionId, t.externalId),
    index('lsa_leads_connection_created_idx').on(t.connectionId, t.leadCreatedAt),
    index('lsa_leads_company_created_idx').on(t.companyId, t.leadCreatedAt),
  ],
);

/** `local_services_lead_conversation`: a call, message or booking event of a lead. */
export const lsaConversations = pgTable(
  'lsa_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    connectionId: connectionId(),
    leadId: bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => lsaLeads.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    /** EMAIL, MESSAGE, PHONE_CALL, SMS, BOOKING, … */
    channel: text('channel').notNull(),
    /** ADVERTISER | CONSUMER */
    participantType: text('participant_type'),
    eventAt: at('event_at').notNull(),
    callDurationMs: integer('call_duration_ms'),
    /** Google's `phone_call_details.call_recording_url`, or `demo:<file>` for the demo. */
    recordingUrl: text('recording_url'),
    messageText: text('message_text'),
  },
  (t) => [
    uniqueIndex('lsa_conversations_external_key').on(t.connectionId, t.externalId),
    index('lsa_conversations_lead_idx').on(t.leadId),
  ],
);

/** A recording fetched from Google once, on its first play, so later plays read our database. */
export const lsaRecordings = pgTable('lsa_recordings', {
  conversationId: bigint('conversation_id', { mode: 'number' })
    .primaryKey()
    .references(() => lsaConversations.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  byteSize: integer('byte_size').notNull(),
  fetchedAt: at('fetched_at').notNull().defaultNow(),
});

/**
 * The LSA campaigns' figures of one account day (`segments.date`, the account's own time
 * zone): spend in cents (cost_micros rounded half away from zero), impressions, clicks and
 * phone calls. Spend and cost per lead come from here, never from leads.
 */
export const lsaDaily = pgTable(
  'lsa_daily',
  {
    connectionId: connectionId(),
    companyId: companyId(),
    day: date('day', { mode: 'string' }).notNull(),
    spendCents: bigint('spend_cents', { mode: 'number' }).notNull(),
    impressions: integer('impressions').notNull(),
    clicks: integer('clicks').notNull(),
    phoneCalls: integer('phone_calls').notNull(),
    syncedAt: at('synced_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.day] }),
    index('lsa_daily_company_day_idx').on(t.companyId, t.day),
  ],
);
