import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clientCompanies, users } from './identity';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The sales power tool (issue 21, SPEC §7 "sales tool containers"): one prospect workspace
 * per business an employee works. The business itself is a `client_companies` row (status
 * `prospect` until converted), so its grids are ordinary scans of that company and stay its
 * history when it becomes a client.
 */
export const salesContainers = pgTable(
  'sales_containers',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    /** The employee who works it; null once their account is gone. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** SALES_STAGES: 'prospecting' | 'shared' | 'won' | 'lost' */
    stage: text('stage').notNull().default('prospecting'),
    /** The prospect's top keywords, in the order the employee ranked them. */
    keywords: text('keywords').array().notNull().default([]),
    gridSize: integer('grid_size').notNull().default(7),
    gridRadius: real('grid_radius').notNull().default(3),
    /** 'mi' | 'km' */
    gridUnit: text('grid_unit').notNull().default('mi'),
    notes: text('notes').notNull().default(''),
    /** From the places search when the container was made (the reviews summary). */
    rating: real('rating'),
    reviewCount: integer('review_count'),
    /** The last listings scan of the prospect (SalesListings), or null before the first. */
    listings: jsonb('listings'),
    /** The last page speed measurement of the prospect's site (SalesPageSpeed), or null. */
    pageSpeed: jsonb('page_speed'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** When the prospect became a client (stage `won`). */
    convertedAt: at('converted_at'),
  },
  (t) => [
    uniqueIndex('sales_containers_company_idx').on(t.companyId),
    index('sales_containers_owner_idx').on(t.ownerId, t.updatedAt),
  ],
);

/** One prospect batch: a grid per keyword, started together (POST /api/sales/batch). */
export const salesRuns = pgTable(
  'sales_runs',
  {
    id: serial('id').primaryKey(),
    containerId: integer('container_id')
      .notNull()
      .references(() => salesContainers.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    keywords: text('keywords').array().notNull(),
    size: integer('size').notNull(),
    radius: real('radius').notNull(),
    unit: text('unit').notNull(),
    /** grid_scans ids, one per keyword, in keyword order. */
    scanIds: integer('scan_ids').array().notNull().default([]),
    estimatedCents: integer('estimated_cents').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sales_runs_container_idx').on(t.containerId, t.createdAt)],
);

/**
 * A ranked action drafted from the prospect's measured gaps (the LLM provider), which the
 * employee may edit before sharing. `evidence` holds the measured facts it rests on.
 */
export const salesRecommendations = pgTable(
  'sales_recommendations',
  {
    id: serial('id').primaryKey(),
    containerId: integer('container_id')
      .notNull()
      .references(() => salesContainers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** string[]: the measured facts, in words, e.g. "ranks 1–3 at 4 of 49 points". */
    evidence: jsonb('evidence').notNull().default([]),
    /** 'weak-area' | 'competitor' | 'listings' | 'reviews' | 'page-speed' | 'keyword' */
    kind: text('kind').notNull(),
    /** True once a person changed it: a re-draft keeps it. */
    edited: boolean('edited').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sales_recommendations_container_idx').on(t.containerId, t.position)],
);
