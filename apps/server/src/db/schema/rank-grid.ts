import type { CompetitorMetrics, ScanMetrics } from '@pinpoint/contracts';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clientCompanies, users } from './identity';

/** A competitor as a finished scan stores it: the contracts metrics plus the name it was seen as. */
export type StoredScanCompetitor = CompetitorMetrics & { name: string };

/** One place in a point's local results, best first (kept small: id and name only). */
export interface StoredPointResult {
  placeId: string;
  name: string;
}

/**
 * One rank grid scan (issue 6): the settings it was requested with, its progress, and, once
 * every enabled point has an outcome, its metrics and strongest competitors.
 */
export const gridScans = pgTable(
  'grid_scans',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    size: integer('size').notNull(),
    radius: doublePrecision('radius').notNull(),
    /** 'mi' | 'km' */
    unit: text('unit').notNull(),
    centerLat: doublePrecision('center_lat').notNull(),
    centerLng: doublePrecision('center_lng').notNull(),
    /** 'square' | 'circle' */
    shape: text('shape').notNull().default('square'),
    disabledPoints: integer('disabled_points').array().notNull().default([]),
    /** 'queued' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    /** Enabled points: the scan is done when points_done reaches it. */
    pointsTotal: integer('points_total').notNull(),
    pointsDone: integer('points_done').notNull().default(0),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    metrics: jsonb('metrics').$type<ScanMetrics>(),
    competitors: jsonb('competitors').$type<StoredScanCompetitor[]>(),
  },
  (t) => [index('grid_scans_history_idx').on(t.companyId, t.keyword, t.createdAt)],
);

/**
 * One point of a scan. Every point is stored when the scan is requested (as `unmeasured`);
 * a point job writes its outcome once, guarded by the state, so a retried or repeated job
 * never counts a point twice.
 */
export const gridScanPoints = pgTable(
  'grid_scan_points',
  {
    scanId: integer('scan_id')
      .notNull()
      .references(() => gridScans.id, { onDelete: 'cascade' }),
    pointIndex: integer('point_index').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** 'found' | 'not_found' | 'error' | 'unmeasured' */
    state: text('state').notNull().default('unmeasured'),
    rank: integer('rank'),
    results: jsonb('results').$type<StoredPointResult[]>().notNull().default([]),
    attempts: integer('attempts').notNull().default(0),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.scanId, t.pointIndex] })],
);
