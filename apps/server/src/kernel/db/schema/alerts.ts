import {
  bigint,
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
import { clientCompanies } from './identity';
import { gridScans } from './rank-grid';

/**
 * Alerts for a client company (SPEC §3: freemium, grid and listing alerts, read or unread).
 * The domain-model work extends this table; the public legacy /my-alerts page reads it
 * through a signed, expiring link.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    /** 'freemium' | 'grid' | 'listing' */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    read: boolean('read').notNull().default(false),
    /** For a grid alert: the scan that raised it (its rows go with the scan). */
    scanId: integer('scan_id').references(() => gridScans.id, { onDelete: 'cascade' }),
    /** For a grid alert: what changed (rule, before, after, quadrant). */
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** For a review alert: the review (`reviews.id`); unique, so a review alerts once. */
    reviewId: bigint('review_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('alerts_company_created_idx').on(t.companyId, t.createdAt),
    index('alerts_scan_idx').on(t.scanId),
    uniqueIndex('alerts_review_key').on(t.reviewId),
  ],
);
