import { and, asc, desc, eq, ilike, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  notifications,
  outbox,
  posts,
  productInstances,
  products,
  users,
} from '../../kernel/db/schema';

export type PostRow = typeof posts.$inferSelect;
export type NewPostRow = typeof posts.$inferInsert;

/**
 * Our own posts carry this in external_id until the vendor gives them its id: with the
 * unique (connection_id, external_id) index it makes a resent create the same post.
 * (A posts.idempotency_key column would say it plainly; see the module's report.)
 */
export const OWN_KEY_PREFIX = 'pinpoint:';
export const ownKey = (userId: number, key: string) => `${OWN_KEY_PREFIX}${userId}:${key}`;
/** Whether the vendor has the post (it has the vendor's id). */
export const atVendor = (row: Pick<PostRow, 'externalId'>) =>
  row.externalId !== null && !row.externalId.startsWith(OWN_KEY_PREFIX);

/** Which posts a query covers: one company, and within it some connections. */
export interface PostScope {
  companyId: number;
  connectionIds: number[];
}

export interface PostFilters {
  /** Undefined: every state but `deleted`. */
  states?: string[];
  topic?: string;
  q?: string;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function scopeWhere(scope: PostScope, filters: PostFilters = {}): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    eq(posts.companyId, scope.companyId),
    scope.connectionIds.length ? inArray(posts.connectionId, scope.connectionIds) : sql`false`,
  ];
  parts.push(filters.states ? inArray(posts.state, filters.states) : ne(posts.state, 'deleted'));
  if (filters.topic) parts.push(eq(posts.topicType, filters.topic));
  if (filters.q) parts.push(ilike(posts.summary, `%${escapeLike(filters.q)}%`));
  return and(...parts);
}

/** Drizzle queries for posts as the pages and the service read and change them. */
export function createPostsRepository(db: Db) {
  return {
    /** A page of posts, newest first by when they were made (the indexed order). */
    async list(
      scope: PostScope,
      filters: PostFilters,
      sort: 'newest' | 'oldest',
      page: { limit: number; offset: number },
    ) {
      const where = scopeWhere(scope, filters);
      const order =
        sort === 'newest'
          ? [desc(posts.createdAt), desc(posts.id)]
          : [asc(posts.createdAt), asc(posts.id)];
      const [items, [counted]] = await Promise.all([
        db
          .select()
          .from(posts)
          .where(where)
          .orderBy(...order)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(posts).where(where),
      ]);
      return { items, total: Number(counted?.total ?? 0) };
    },

    /** Posts by state over the whole scope (the filter chips), deleted ones left out. */
    async stateCounts(scope: PostScope): Promise<Record<string, number>> {
      const rows = await db
        .select({ state: posts.state, n: sql<number>`count(*)::int` })
        .from(posts)
        .where(scopeWhere(scope))
        .groupBy(posts.state);
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    },

    async get(id: number): Promise<PostRow | null> {
      const [row] = await db.select().from(posts).where(eq(posts.id, id));
      return row ?? null;
    },

    async byOwnKey(connectionId: number, key: string): Promise<PostRow | null> {
      const [row] = await db
        .select()
        .from(posts)
        .where(and(eq(posts.connectionId, connectionId), eq(posts.externalId, key)));
      return row ?? null;
    },

    /** Inserts our own post once per key (external_id holds the key until the vendor's id). */
    async insertOnce(values: NewPostRow): Promise<{ row: PostRow; created: boolean }> {
      const [created] = await db.insert(posts).values(values).onConflictDoNothing().returning();
      if (created) return { row: created, created: true };
      const existing = values.externalId
        ? await this.byOwnKey(values.connectionId, values.externalId)
        : null;
      if (!existing) throw new Error('post insert conflicted on a row that is gone');
      return { row: existing, created: false };
    },

    async update(id: number, changes: Partial<NewPostRow>): Promise<PostRow | null> {
      const [row] = await db
        .update(posts)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(posts.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * A state change from a write's progress, unless the post is already published or
     * deleted: the send job may record the vendor's answer before this runs, and must win.
     */
    async updateUnlessDone(id: number, changes: Partial<NewPostRow>): Promise<PostRow | null> {
      const [row] = await db
        .update(posts)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(posts.id, id), notInArray(posts.state, ['published', 'deleted'])))
        .returning();
      return row ?? null;
    },

    async company(companyId: number) {
      const [row] = await db
        .select({
          id: clientCompanies.id,
          name: clientCompanies.name,
          timeZone: clientCompanies.timeZone,
          approvalRequired: clientCompanies.approvalRequired,
        })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row ?? null;
    },

    /** The company's products that show posts, with the connection each reads from. */
    async postProducts(companyId: number) {
      return db
        .select({
          id: productInstances.id,
          slug: productInstances.productSlug,
          connectionId: productInstances.vendorConnectionId,
        })
        .from(productInstances)
        .innerJoin(products, eq(products.slug, productInstances.productSlug))
        .where(
          and(eq(productInstances.companyId, companyId), sql`'posts' = any(${products.subPages})`),
        )
        .orderBy(asc(products.sortOrder), asc(productInstances.id));
    },

    /** The waiting approval's words follow an edit of the post. */
    async updateApproval(outboxId: number, title: string, body: string) {
      await db
        .update(notifications)
        .set({ title, body })
        .where(and(eq(notifications.outboxId, outboxId), eq(notifications.state, 'pending')));
    },

    /** A withdrawn write leaves nothing for the client to approve. */
    async withdrawApproval(outboxId: number) {
      await db
        .delete(notifications)
        .where(and(eq(notifications.outboxId, outboxId), eq(notifications.state, 'pending')));
    },

    /** The vendor write a request key made, if any (a resent create finds its post by it). */
    async writeByKey(idempotencyKey: string) {
      const [row] = await db.select().from(outbox).where(eq(outbox.idempotencyKey, idempotencyKey));
      return row ?? null;
    },

    async userNames(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: users.id, first: users.firstName, last: users.lastName })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
