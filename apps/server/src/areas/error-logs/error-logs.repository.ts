import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../kernel/db/database';
import { errorLogs } from '../../kernel/db/schema';

export type ErrorLogRow = typeof errorLogs.$inferSelect;

/** Each affected set keeps at most this many distinct values. */
const SET_LIMIT = 100;

/** The existing set plus the new values, distinct and bounded, in one SQL expression. */
function merged(column: AnyPgColumn, excluded: string): SQL {
  return sql`(array(select distinct v from unnest(${column} || excluded.${sql.raw(excluded)}) as v order by v limit ${SET_LIMIT}))`;
}

export function createErrorLogsRepository(db: Db) {
  return {
    /**
     * One statement per report: a new error is inserted; a repeat raises the count and
     * merges the affected sets on the existing row. Concurrent repeats serialise on the
     * row, so no count is lost.
     */
    async record(row: typeof errorLogs.$inferInsert) {
      const [saved] = await db
        .insert(errorLogs)
        .values(row)
        .onConflictDoUpdate({
          target: errorLogs.fingerprint,
          set: {
            count: sql`${errorLogs.count} + 1`,
            resolved: false,
            updatedAt: sql`now()`,
            stack: sql`coalesce(excluded.stack, ${errorLogs.stack})`,
            affectedClients: merged(errorLogs.affectedClients, 'affected_clients'),
            affectedEmails: merged(errorLogs.affectedEmails, 'affected_emails'),
            affectedProductIds: merged(errorLogs.affectedProductIds, 'affected_product_ids'),
            affectedBrowsers: merged(errorLogs.affectedBrowsers, 'affected_browsers'),
          },
        })
        .returning({ id: errorLogs.id, count: errorLogs.count, resolved: errorLogs.resolved });
      if (!saved) throw new Error('error log upsert returned nothing');
      return saved;
    },

    async findById(id: number): Promise<ErrorLogRow | null> {
      const [row] = await db.select().from(errorLogs).where(eq(errorLogs.id, id));
      return row ?? null;
    },

    async list(filter: { q?: string; resolved?: boolean; page: number; pageSize: number }) {
      const conditions: SQL[] = [];
      if (filter.resolved !== undefined) conditions.push(eq(errorLogs.resolved, filter.resolved));
      if (filter.q) {
        const like = `%${filter.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        const text = or(ilike(errorLogs.message, like), ilike(errorLogs.page, like));
        if (text) conditions.push(text);
      }
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(errorLogs)
          .where(where)
          .orderBy(desc(errorLogs.updatedAt), desc(errorLogs.id))
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize),
        db.select({ n: count() }).from(errorLogs).where(where),
      ]);
      return { items, total: Number(total?.n ?? 0) };
    },

    async setResolved(where: SQL, resolved: boolean): Promise<ErrorLogRow | null> {
      const [row] = await db
        .update(errorLogs)
        .set({ resolved, updatedAt: sql`now()` })
        .where(where)
        .returning();
      return row ?? null;
    },
  };
}

export type ErrorLogsRepository = ReturnType<typeof createErrorLogsRepository>;
