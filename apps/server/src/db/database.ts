import type { DatabaseKind } from '@pinpoint/contracts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The query layer every repository receives; identical on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database: the Drizzle handle plus what the process needs to manage it. */
export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Db;
  /** Applies every pending migration of `db/migrations`; safe to call from several processes. */
  migrate(): Promise<void>;
  /** Runs a statement that proves the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
