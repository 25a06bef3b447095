import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { devOutbox } from '../../kernel/db/schema';

export type DevOutboxRow = typeof devOutbox.$inferSelect;

export interface DevOutboxFilter {
  /** null: every company, and rows with none (admins). Otherwise only these companies. */
  companyIds: number[] | null;
  channel?: string;
  purpose?: string;
  q?: string;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createDevOutboxRepository(db: Db) {
  function where(filter: DevOutboxFilter): SQL | undefined {
    const parts: SQL[] = [];
    if (filter.companyIds !== null) {
      if (filter.companyIds.length === 0) return eq(devOutbox.id, -1);
      parts.push(inArray(devOutbox.companyId, filter.companyIds));
    }
    if (filter.channel) parts.push(eq(devOutbox.channel, filter.channel));
    if (filter.purpose) parts.push(eq(devOutbox.purpose, filter.purpose));
    if (filter.q) parts.push(ilike(devOutbox.toAddress, `%${escapeLike(filter.q)}%`));
    return parts.length > 0 ? and(...parts) : undefined;
  }

  return {
    async list(filter: DevOutboxFilter, page: number, pageSize: number) {
      const condition = where(filter);
      const [items, [total], purposes] = await Promise.all([
        db
          .select()
          .from(devOutbox)
          .where(condition)
          .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(devOutbox).where(condition),
        db
          .selectDistinct({ purpose: devOutbox.purpose })
          .from(devOutbox)
          .where(where({ companyIds: filter.companyIds }))
          .orderBy(devOutbox.purpose),
      ]);
      return {
        items,
        total: Number(total?.n ?? 0),
        purposes: purposes.map((p) => p.purpose),
      };
    },

    async find(id: number): Promise<DevOutboxRow | null> {
      const [row] = await db.select().from(devOutbox).where(eq(devOutbox.id, id)).limit(1);
      return row ?? null;
    },
  };
}

export type DevOutboxRepository = ReturnType<typeof createDevOutboxRepository>;
