import type { SQL } from 'drizzle-orm';
import type { Db } from './database';

/**
 * Rows of a raw SQL statement. Both drivers answer `execute` with `{ rows }`, but the shared
 * query-layer type cannot say so; this is the one place that bridges it.
 */
export async function rawRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
