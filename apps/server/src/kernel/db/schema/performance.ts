import { date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { clientCompanies } from './identity';
import { vendorConnections } from './vendor-data';

/**
 * One Business Profile location's daily figures (Business Profile Performance API v1,
 * `locations.fetchMultiDailyMetricsTimeSeries`), one row per (connection, day), upserted by
 * the `performance` sync. The day is Google's (the location's) calendar day. Impressions
 * are kept per surface (desktop/mobile × maps/search) as Google reports them; the report
 * adds them into "profile views" and "searches".
 */
export const gbpPerformanceDays = pgTable(
  'gbp_performance_days',
  {
    connectionId: integer('connection_id')
      .notNull()
      .references(() => vendorConnections.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    desktopMaps: integer('desktop_maps').notNull().default(0),
    desktopSearch: integer('desktop_search').notNull().default(0),
    mobileMaps: integer('mobile_maps').notNull().default(0),
    mobileSearch: integer('mobile_search').notNull().default(0),
    calls: integer('calls').notNull().default(0),
    directions: integer('directions').notNull().default(0),
    websiteClicks: integer('website_clicks').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.day] }),
    index('gbp_performance_days_company_day_idx').on(t.companyId, t.day),
  ],
);
