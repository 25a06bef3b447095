import { VERTICAL_PAGE_SIZE } from '@pinpoint/contracts';
import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { verticals } from '../../kernel/db/schema';

export type VerticalRow = typeof verticals.$inferSelect;

/** Postgres `unique_violation`: the slug's unique index refused the write. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Drizzle queries for verticals; the rules (validation, conflicts) live in the service. */
export function createVerticalsRepository(db: Db) {
  return {
    async page(q: string | undefined, page: number) {
      const pattern = q ? `%${escapeLike(q)}%` : null;
      const where = pattern
        ? or(
            ilike(verticals.name, pattern),
            ilike(verticals.slug, pattern),
            ilike(verticals.lsaCategory, pattern),
          )
        : undefined;
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(verticals)
          .where(where)
          .orderBy(asc(verticals.name), asc(verticals.id))
          .limit(VERTICAL_PAGE_SIZE)
          .offset((page - 1) * VERTICAL_PAGE_SIZE),
        db.select({ n: count() }).from(verticals).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    async find(id: number) {
      const [row] = await db.select().from(verticals).where(eq(verticals.id, id));
      return row ?? null;
    },

    async bySlug(slug: string) {
      const [row] = await db.select().from(verticals).where(eq(verticals.slug, slug));
      return row ?? null;
    },

    async byCategory(categoryId: string) {
      return db
        .select({ id: verticals.id, slug: verticals.slug, name: verticals.name })
        .from(verticals)
        .where(eq(verticals.lsaCategory, categoryId))
        .orderBy(asc(verticals.name));
    },

    async insert(values: { slug: string; name: string; lsaCategory: string | null }) {
      const [row] = await db.insert(verticals).values(values).returning();
      if (!row) throw new Error('the vertical was not stored');
      return row;
    },

    async update(id: number, values: { slug: string; name: string; lsaCategory: string | null }) {
      const [row] = await db
        .update(verticals)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(verticals.id, id))
        .returning();
      return row ?? null;
    },
  };
}
export type VerticalsRepository = ReturnType<typeof createVerticalsRepository>;
