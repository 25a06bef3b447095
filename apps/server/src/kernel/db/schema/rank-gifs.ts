import {
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clientCompanies, users } from './identity';
import { gridScans } from './rank-grid';

/** Raw bytes; both drivers (PGlite and node-postgres) hand bytea back as a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * An animated GIF of one grid's history (issue 7): one frame per finished scan of the same
 * company, keyword, size, radius and unit, rendered by a background job. The settings are
 * copied from the scan it was asked from, so the series stays the same if that scan goes.
 * The bytes live here (a few hundred KB at most) so every server process can serve them.
 */
export const rankGifs = pgTable(
  'rank_gifs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    scanId: integer('scan_id')
      .notNull()
      .references(() => gridScans.id, { onDelete: 'cascade' }),
    keyword: text('keyword').notNull(),
    size: integer('size').notNull(),
    radius: doublePrecision('radius').notNull(),
    /** 'mi' | 'km' */
    unit: text('unit').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'queued' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    /** Frames asked for; the job lowers it to the scans that really exist. */
    framesTotal: integer('frames_total').notNull(),
    framesDone: integer('frames_done').notNull().default(0),
    gif: bytea('gif'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('rank_gifs_company_created_idx').on(t.companyId, t.createdAt)],
);
