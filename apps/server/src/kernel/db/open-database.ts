import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths';
import { lockDataDir } from './data-dir-lock';
import type { Database, Db } from './database';
import type { DatabaseConfig } from './database-config';
import * as schema from './schema';

export interface OpenOptions {
  /** Start PGlite from a dumped data folder (the test template) instead of an empty one. */
  pgliteLoadDataDir?: Blob;
  /** Pool size for PostgreSQL; the default suits one server process. */
  poolSize?: number;
}

async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Any fixed number: it names the one advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_ID = 7_301_948;

function openPostgres(url: string, options: OpenOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    application_name: 'pinpoint',
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const drizzleDb = drizzleNodePg(pool, { schema });
  const db: Db = drizzleDb;
  return {
    kind: 'postgres',
    url,
    db,
    // Several server processes may start at once (rolling deploys): one migrates, the others
    // wait on the lock and then find nothing left to apply.
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleDb, { migrationsFolder: migrationsDir });
      } finally {
        await lockClient
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => {});
        lockClient.release();
      }
    },
    ping: () => ping(db),
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      // A multi-statement text answers one result per statement: the last one is the answer.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null, options: OpenOptions): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  try {
    const pgliteOptions: PGliteOptions = {};
    if (dataDir) pgliteOptions.dataDir = dataDir;
    if (options.pgliteLoadDataDir) pgliteOptions.loadDataDir = options.pgliteLoadDataDir;
    const client = await PGlite.create(pgliteOptions);
    const drizzleDb = drizzlePglite(client, { schema });
    const db: Db = drizzleDb;
    return {
      kind: 'pglite',
      url: null,
      db,
      migrate: () => migratePglite(drizzleDb, { migrationsFolder: migrationsDir }),
      ping: () => ping(db),
      executeSql: async (text, values) => {
        // PGlite's `query` is the extended protocol (one statement, parameters); `exec` is
        // the simple one (several statements, no parameters), like node-postgres does both.
        if (values && values.length > 0) {
          const result = await client.query<Record<string, unknown>>(text, values);
          return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
        }
        const results = await client.exec(text);
        const last = results.at(-1);
        return {
          rows: (last?.rows ?? []) as Record<string, unknown>[],
          rowCount: last?.affectedRows ?? last?.rows.length ?? 0,
        };
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Closing twice (a test, then the app's own shutdown) closes once. */
export function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= close();
    return closing;
  };
}

/** Opens the database named by the configuration: PostgreSQL when a URL is set, else PGlite. */
export async function openDatabase(
  config: DatabaseConfig,
  options: OpenOptions = {},
): Promise<Database> {
  const database =
    config.kind === 'postgres'
      ? openPostgres(config.url, options)
      : await openPglite(config.dataDir, options);
  return { ...database, close: closeOnce(database.close) };
}
