import { createHash } from 'node:crypto';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/database';

/** A stable UUID for a key, so the same "once" schedule from two processes is one job. */
export function uuidFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  // Version 8 (custom) and the RFC 4122 variant, so it is a valid uuid to PostgreSQL and to readers.
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16) + hex.slice(18, 20),
    hex.slice(20, 32),
  ].join('-');
}

export interface QueueConnection {
  db: PgBoss.Db;
  /** From now on every statement is dropped (see below); ends the pool on PostgreSQL. */
  close(): Promise<void>;
}

/**
 * The connection pg-boss uses. On PostgreSQL a small pool of its own, so polling never waits
 * behind HTTP requests' queries; on PGlite, which has one connection, the app's own (queries
 * take turns). Once closed it answers nothing, as pg-boss's own connection does when closed:
 * pg-boss records a job's completion without awaiting it, and a handler still running after
 * shutdown must not write to a closed database (its job was already handed back for retry).
 */
export function openQueueConnection(database: Database): QueueConnection {
  let closed = false;
  const closedAnswer = undefined as unknown as { rows: unknown[] };
  if (database.kind === 'postgres' && database.url) {
    const pool = new pg.Pool({
      connectionString: database.url,
      max: 4,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      application_name: 'pinpoint-jobs',
    });
    // A lost idle connection is replaced by the pool; it must not crash the process.
    pool.on('error', () => {});
    return {
      db: {
        executeSql: async (text, values) =>
          closed ? closedAnswer : pool.query(text, values?.length ? values : undefined),
      },
      close: async () => {
        closed = true;
        await pool.end();
      },
    };
  }
  return {
    db: {
      executeSql: async (text, values) =>
        closed ? closedAnswer : database.executeSql(text, values),
    },
    close: async () => {
      closed = true;
    },
  };
}
