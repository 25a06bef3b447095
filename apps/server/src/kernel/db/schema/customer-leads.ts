import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientCompanies, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => clientCompanies.id, { onDelete: 'cascade' });

/**
 * One inquiry from a client's customer, as the leads center lists it: the touches of every
 * source (an LSA lead, a tracked call, a Google Ads call or form, a Facebook lead ad, a
 * contact-form message, a lead entered by hand) that came from the same contact merged into
 * one row, the sources kept. `contactKey` is the E.164 phone, else the lower-cased email,
 * else null (nothing to match on: the touch stays a lead of its own). Status, value and
 * notes are the client's own; the touches are what the vendors said.
 */
export const customerLeads = pgTable(
  'customer_leads',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    contactKey: text('contact_key'),
    name: text('name'),
    /** E.164. */
    phone: text('phone'),
    /** Lower-cased. */
    email: text('email'),
    /** new | contacted | booked | won | lost */
    status: text('status').notNull().default('new'),
    /** What the won job was worth; null: ROI counts the company's average job value. */
    valueCents: integer('value_cents'),
    /** Every source the lead came through (lsa, call, google_ads, facebook, form, manual), in order of arrival. */
    sources: text('sources').array().notNull(),
    firstSource: text('first_source').notNull(),
    /** The contact had an earlier lead at this company: a repeat customer, not a new one. */
    repeat: boolean('repeat').notNull().default(false),
    firstTouchAt: at('first_touch_at').notNull(),
    lastTouchAt: at('last_touch_at').notNull(),
    touchCount: integer('touch_count').notNull().default(1),
    statusChangedAt: at('status_changed_at'),
    wonAt: at('won_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('customer_leads_company_time_idx').on(t.companyId, t.firstTouchAt),
    index('customer_leads_company_contact_idx').on(t.companyId, t.contactKey, t.lastTouchAt),
    index('customer_leads_company_status_idx').on(t.companyId, t.status, t.firstTouchAt),
  ],
);

/**
 * One source's record of a lead: which row of which source table it came from, so ingesting
 * the same row twice writes nothing (unique on source and source row). `detail` keeps what
 * the list and the timeline show of it (call status and duration, form fields, campaign…).
 */
export const customerLeadTouches = pgTable(
  'customer_lead_touches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => customerLeads.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    /** lsa | call | google_ads | facebook | form | manual */
    source: text('source').notNull(),
    /** The id of the source row (lsa_leads, ct_calls, gads_leads, fbads_leads, website_form_submissions), or a uuid for a manual lead. */
    sourceRef: text('source_ref').notNull(),
    occurredAt: at('occurred_at').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('customer_lead_touches_source_key').on(t.source, t.sourceRef),
    index('customer_lead_touches_company_source_idx').on(t.companyId, t.source, t.occurredAt),
    index('customer_lead_touches_lead_idx').on(t.leadId, t.occurredAt),
  ],
);

/** A lead's timeline beyond its touches: status and value changes and notes, and who made them. */
export const customerLeadEvents = pgTable(
  'customer_lead_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => customerLeads.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    /** created | status | value | note | edit */
    kind: text('kind').notNull(),
    at: at('at').notNull().defaultNow(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('customer_lead_events_lead_idx').on(t.leadId, t.at)],
);

/** What the client tells ROI: the value of a won job that has none of its own. */
export const roiSettings = pgTable('roi_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => clientCompanies.id, { onDelete: 'cascade' }),
  avgJobValueCents: integer('avg_job_value_cents').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
