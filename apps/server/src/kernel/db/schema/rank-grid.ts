import type { CompetitorMetrics, ScanMetrics } from '@pinpoint/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { productInstances } from './domain';
import { clientCompanies, users } from './identity';

/** A competitor as a finished scan stores it: the contracts metrics plus the name it was seen as. */
export type StoredScanCompetitor = CompetitorMetrics & { name: string };

/** One place in a point's local results, best first (kept small: id and name only). */
export interface StoredPointResult {
  placeId: string;
  name: string;
}

/**
 * A tracked grid: one client's keyword at fixed settings, scanned on a schedule (or once).
 * Its scans form one timeline line, since scans of different settings are never merged.
 * `item_id` (SPEC §3 timeline row) is the client's rank grid product instance.
 */
export const gridConfigs = pgTable(
  'grid_configs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => productInstances.id, { onDelete: 'set null' }),
    keyword: text('keyword').notNull(),
    size: integer('size').notNull(),
    radius: doublePrecision('radius').notNull(),
    /** 'mi' | 'km' */
    unit: text('unit').notNull(),
    /** 'square' | 'circle' */
    shape: text('shape').notNull().default('square'),
    centerLat: doublePrecision('center_lat').notNull(),
    centerLng: doublePrecision('center_lng').notNull(),
    disabledPoints: integer('disabled_points').array().notNull().default([]),
    /** 'once' | 'daily' | 'weekly' | 'biweekly' | 'monthly' */
    frequency: text('frequency').notNull(),
    /** When the scheduler next starts a scan; null once a one-time config has run. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
    active: boolean('active').notNull().default(true),
    /** An alert when ATRP worsens by more than this many places between two scans. */
    atrpAlertThreshold: doublePrecision('atrp_alert_threshold').notNull().default(1),
    /** An alert when SoLV drops by more than this many percentage points. */
    solvAlertThreshold: doublePrecision('solv_alert_threshold').notNull().default(10),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('grid_configs_company_idx').on(t.companyId),
    index('grid_configs_due_idx').on(t.nextRunAt),
  ],
);

/** A batch: every active grid config of many clients, run with a concurrency limit. */
export const gridBatches = pgTable('grid_batches', {
  id: serial('id').primaryKey(),
  requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
  /** 'running' | 'done' | 'failed' */
  status: text('status').notNull().default('running'),
  /** How many of the batch's scans may run at once. */
  concurrency: integer('concurrency').notNull(),
  scansTotal: integer('scans_total').notNull(),
  scansDone: integer('scans_done').notNull().default(0),
  pointsTotal: integer('points_total').notNull(),
  estimatedCents: integer('estimated_cents').notNull(),
  /** Config ids in the order they run. */
  configIds: integer('config_ids').array().notNull(),
  summary: jsonb('summary').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
});

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
    /** The config it belongs to (scheduled, batch and seed scans); null for a one-off scan. */
    configId: integer('config_id').references(() => gridConfigs.id, { onDelete: 'set null' }),
    /** The client's rank grid product instance (SPEC §3 timeline `item_id`). */
    itemId: integer('item_id').references(() => productInstances.id, { onDelete: 'set null' }),
    batchId: integer('batch_id').references(() => gridBatches.id, { onDelete: 'set null' }),
    /** 'manual' | 'scheduled' | 'batch' | 'seed' */
    origin: text('origin').notNull().default('manual'),
    /** The headline metrics as columns (also in `metrics`), for timelines and rankings. */
    atrp: doublePrecision('atrp'),
    arp: doublePrecision('arp'),
    solv: doublePrecision('solv'),
    foundIn: integer('found_in'),
  },
  (t) => [
    index('grid_scans_history_idx').on(t.companyId, t.keyword, t.createdAt),
    index('grid_scans_company_created_idx').on(t.companyId, t.createdAt),
    index('grid_scans_requested_by_created_idx').on(t.requestedBy, t.createdAt),
    index('grid_scans_config_created_idx').on(t.configId, t.createdAt),
    index('grid_scans_batch_idx').on(t.batchId),
    // Timelines, reports and trends read one settings' finished scans newest first (0009).
    index('grid_scans_series_idx')
      .on(t.companyId, t.keyword, t.size, t.radius, t.unit, t.createdAt)
      .where(sql`${t.status} = 'done'`),
    // The timeline search walks the distinct keywords and their companies (0009).
    index('grid_scans_done_keyword_idx')
      .on(t.keyword, t.companyId)
      .where(sql`${t.status} = 'done'`),
    // System-wide figures count scans of the last day and week (0009).
    index('grid_scans_created_idx').on(t.createdAt),
  ],
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
