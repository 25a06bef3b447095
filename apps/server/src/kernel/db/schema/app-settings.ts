import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Installation-wide settings and markers (for example which demo-data version was seeded),
 * one row per key. Area-specific data lives in each area's own tables.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
