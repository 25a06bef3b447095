import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Errors reported by the web app (SPEC §3 "Error log"). One row per (message, page),
 * found by `fingerprint`; repeats raise `count` and add to the affected sets.
 */
export const errorLogs = pgTable('error_logs', {
  id: serial('id').primaryKey(),
  /** SHA-256 of message and page: the identity of an error. */
  fingerprint: text('fingerprint').notNull().unique(),
  message: text('message').notNull(),
  page: text('page').notNull(),
  stack: text('stack'),
  component: text('component'),
  affectedClients: integer('affected_clients').array().notNull().default([]),
  affectedEmails: text('affected_emails').array().notNull().default([]),
  affectedProductIds: text('affected_product_ids').array().notNull().default([]),
  affectedBrowsers: text('affected_browsers').array().notNull().default([]),
  count: integer('count').notNull().default(1),
  resolved: boolean('resolved').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
