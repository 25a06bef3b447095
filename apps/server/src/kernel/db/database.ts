import type { DatabaseKind } from '@pinpoint/contracts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The query layer every repository receives; identical on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle plus what the process needs to manage it. */
export interface Database {
  readonly kind: DatabaseKind;
  /** PostgreSQL's connection URL (for the realtime listener's own connection); null on PGlite. */
  readonly url: string | null;
  readonly db: Db;
  /** Applies every pending migration of `db/migrations`; safe to call from several processes. */
  migrate(): Promise<void>;
  /** Runs a statement that proves the database answers. */
  ping(): Promise<void>;
  /**
   * Raw SQL on the app's own connection, for libraries that speak SQL themselves (the job
   * queue, pg-boss). With `values` it is one parameterised statement; without, the text may
   * hold several statements. On PGlite this is the only way in: it has one connection.
   */
  executeSql(text: string, values?: unknown[]): Promise<RawSqlResult>;
  close(): Promise<void>;
}

/** What `executeSql` answers: the rows of the (last) statement and how many rows it touched. */
export interface RawSqlResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}
