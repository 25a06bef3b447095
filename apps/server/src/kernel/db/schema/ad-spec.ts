import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clientCompanies, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A client company's ad specification (SPEC §2 `/dashboard/products/ad-spec`): what its ads
 * advertise, where, for how much and when. One per company; staff edit it, the client reads it.
 */
export const adSpecs = pgTable('ad_specs', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => clientCompanies.id, { onDelete: 'cascade' }),
  services: text('services').array().notNull().default([]),
  /** `{ kind: 'places', places: string[] }` (cities or ZIP codes) or `{ kind: 'radius', … }`. */
  serviceArea: jsonb('service_area').$type<Record<string, unknown>>().notNull(),
  monthlyBudgetCents: bigint('monthly_budget_cents', { mode: 'number' }).notNull().default(0),
  /** `{ days: ('mon'|…)[], startTime: 'HH:mm', endTime: 'HH:mm' }` in the company's zone. */
  schedule: jsonb('schedule').$type<Record<string, unknown>>().notNull(),
  landingPages: text('landing_pages').array().notNull().default([]),
  /** E.164. */
  callTrackingNumber: text('call_tracking_number'),
  notes: text('notes').notNull().default(''),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Every change to an ad spec: who, when, and each changed field's value before and after. */
export const adSpecChanges = pgTable(
  'ad_spec_changes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: at('changed_at').notNull().defaultNow(),
    /** `{ field: { before, after } }` for the fields that changed. */
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull(),
  },
  (t) => [index('ad_spec_changes_company_idx').on(t.companyId, t.changedAt)],
);
