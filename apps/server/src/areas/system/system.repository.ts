import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from '../../kernel/db/database';
import { rawRows } from '../../kernel/db/raw-rows';
import { migrationsDir } from '../../kernel/lib/paths';

export interface SystemRepository {
  ping(): Promise<void>;
  countAppliedMigrations(): Promise<number>;
  countKnownMigrations(): number;
}

export function createSystemRepository(db: Db): SystemRepository {
  // The migration files do not change while the process runs.
  const known = readMigrationFiles({ migrationsFolder: migrationsDir }).length;
  return {
    async ping() {
      await db.execute(sql`select 1`);
    },
    async countAppliedMigrations() {
      const [row] = await rawRows<{ count: number | null }>(
        db,
        sql`select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
              else (select count(*)::int from drizzle.__drizzle_migrations) end as count`,
      );
      return Number(row?.count ?? 0);
    },
    countKnownMigrations: () => known,
  };
}
