import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { clientCompanies, insiteBlogPosts, users } from '../../kernel/db/schema';

const columns = {
  id: insiteBlogPosts.id,
  companyId: insiteBlogPosts.companyId,
  companyName: clientCompanies.name,
  title: insiteBlogPosts.title,
  state: insiteBlogPosts.state,
  scheduledFor: insiteBlogPosts.scheduledFor,
  publishedAt: insiteBlogPosts.publishedAt,
  author: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  updatedAt: insiteBlogPosts.updatedAt,
};

export interface BlogScope {
  /** null: every company (admins). */
  companyIds: number[] | null;
  companyId?: number;
  state?: string;
}

/** InSite blog posts: lists within the companies a caller covers, and state moves. */
export function createInsiteBlogsRepository(db: Db) {
  const where = (scope: BlogScope, withState: boolean): SQL | undefined => {
    const parts: SQL[] = [];
    if (scope.companyIds !== null) {
      // An employee with no companies sees nothing (inArray of nothing is refused by drizzle).
      parts.push(
        inArray(insiteBlogPosts.companyId, scope.companyIds.length ? scope.companyIds : [0]),
      );
    }
    if (scope.companyId !== undefined) parts.push(eq(insiteBlogPosts.companyId, scope.companyId));
    if (withState && scope.state) parts.push(eq(insiteBlogPosts.state, scope.state));
    return parts.length ? and(...parts) : undefined;
  };

  return {
    async list(scope: BlogScope, page: number, pageSize: number) {
      const items = await db
        .select(columns)
        .from(insiteBlogPosts)
        .innerJoin(clientCompanies, eq(clientCompanies.id, insiteBlogPosts.companyId))
        .leftJoin(users, eq(users.id, insiteBlogPosts.authorId))
        .where(where(scope, true))
        .orderBy(desc(insiteBlogPosts.updatedAt), desc(insiteBlogPosts.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const [total] = await db
        .select({ n: count() })
        .from(insiteBlogPosts)
        .where(where(scope, true));
      const counts = await db
        .select({ state: insiteBlogPosts.state, n: count() })
        .from(insiteBlogPosts)
        .where(where(scope, false))
        .groupBy(insiteBlogPosts.state);
      const companies = await db
        .selectDistinct({ id: clientCompanies.id, name: clientCompanies.name })
        .from(insiteBlogPosts)
        .innerJoin(clientCompanies, eq(clientCompanies.id, insiteBlogPosts.companyId))
        .where(where({ companyIds: scope.companyIds }, false))
        .orderBy(asc(clientCompanies.name));
      return { items, total: Number(total?.n ?? 0), counts, companies };
    },

    async one(id: number) {
      const [row] = await db
        .select({ ...columns, body: insiteBlogPosts.body })
        .from(insiteBlogPosts)
        .innerJoin(clientCompanies, eq(clientCompanies.id, insiteBlogPosts.companyId))
        .leftJoin(users, eq(users.id, insiteBlogPosts.authorId))
        .where(eq(insiteBlogPosts.id, id));
      return row ?? null;
    },

    /**
     * Moves a post only if it is still in `from`: a concurrent move makes this a no-op
     * (false), which the service answers with 409.
     */
    async move(
      id: number,
      from: string,
      changes: { state: string; scheduledFor: Date | null; publishedAt: Date | null },
    ): Promise<boolean> {
      const moved = await db
        .update(insiteBlogPosts)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(insiteBlogPosts.id, id), eq(insiteBlogPosts.state, from)))
        .returning({ id: insiteBlogPosts.id });
      return moved.length === 1;
    },
  };
}
