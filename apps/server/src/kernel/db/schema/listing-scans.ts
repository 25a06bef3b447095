import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { productInstances } from './domain';
import { clientCompanies, users } from './identity';
import { vendorConnections } from './vendor-data';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One business-listings scan of a listings product (managed-business-listings,
 * business-listings): every directory of LISTING_DIRECTORIES checked once, by jobs on the
 * queue. `score` and the counts are written when the last directory's result is in, so a
 * finished scan is one point of the score history.
 */
export const listingScans = pgTable(
  'listing_scans',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => productInstances.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => vendorConnections.id, { onDelete: 'cascade' }),
    /** 'running' | 'done' | 'failed' */
    state: text('state').notNull().default('running'),
    /** 'scheduled' | 'manual' | 'seed' */
    trigger: text('trigger').notNull(),
    /** The directory slugs this scan checks, in order (the list may grow later). */
    directories: jsonb('directories').$type<string[]>().notNull(),
    score: integer('score'),
    /** found, notFound, mismatched, duplicates, unavailable */
    counts: jsonb('counts').$type<Record<string, number>>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('listing_scans_product_idx').on(t.productId, t.startedAt),
    index('listing_scans_state_idx').on(t.state),
  ],
);

/**
 * One directory's result in one scan, keyed by (scan, directory) so a retried or doubled
 * job writes it once. `found` holds the values the directory shows; `fields` each NAP
 * field's status against the company's values at scan time.
 */
export const listingScanResults = pgTable(
  'listing_scan_results',
  {
    scanId: integer('scan_id')
      .notNull()
      .references(() => listingScans.id, { onDelete: 'cascade' }),
    directory: text('directory').notNull(),
    /** 'found' | 'not_found' | 'unavailable' */
    status: text('status').notNull(),
    listingUrl: text('listing_url'),
    found: jsonb('found').$type<Record<string, string | null>>(),
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    duplicates: integer('duplicates').notNull().default(0),
    reason: text('reason'),
    checkedAt: at('checked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scanId, t.directory] })],
);
