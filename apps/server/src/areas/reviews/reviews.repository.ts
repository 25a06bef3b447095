import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  alerts,
  clientCompanies,
  productInstances,
  products,
  reviews,
  solicitationRequests,
  users,
} from '../../kernel/db/schema';
import { upsertChanged } from '../../platform/vendor-sync/upsert-changed';
import type { VendorReview } from '../../providers/kernel/reviews-port';

export type ReviewRow = typeof reviews.$inferSelect;

/** Which reviews a query covers: one company, and within it some connections (null: all). */
export interface ReviewScope {
  companyId: number;
  connectionIds: number[] | null;
}

export interface ReviewFilters {
  stars?: number[];
  replied?: 'yes' | 'no';
  q?: string;
  range?: { start: Date; end: Date };
}

export type ReviewSort = 'newest' | 'oldest' | 'lowest' | 'highest';

/** A Facebook recommendation stands as 5 (positive) or 1 (negative) where stars are asked. */
const starsValue = sql`coalesce(${reviews.rating}, case ${reviews.recommendation} when 'positive' then 5 when 'negative' then 1 end)`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function scopeWhere(scope: ReviewScope, filters: ReviewFilters = {}): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(reviews.companyId, scope.companyId)];
  if (scope.connectionIds) {
    parts.push(
      scope.connectionIds.length ? inArray(reviews.connectionId, scope.connectionIds) : sql`false`,
    );
  }
  if (filters.stars?.length) parts.push(sql`${starsValue} in ${filters.stars}`);
  if (filters.replied === 'yes') parts.push(isNotNull(reviews.replyText));
  if (filters.replied === 'no') parts.push(isNull(reviews.replyText));
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    parts.push(or(ilike(reviews.comment, like), ilike(reviews.reviewerName, like)));
  }
  if (filters.range) {
    parts.push(sql`${reviews.publishedAt} >= ${filters.range.start}`);
    parts.push(sql`${reviews.publishedAt} < ${filters.range.end}`);
  }
  return and(...parts);
}

const ORDER: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.publishedAt), desc(reviews.id)],
  oldest: [asc(reviews.publishedAt), asc(reviews.id)],
  lowest: [sql`${starsValue} asc nulls last`, desc(reviews.publishedAt), desc(reviews.id)],
  highest: [sql`${starsValue} desc nulls last`, desc(reviews.publishedAt), desc(reviews.id)],
};

export interface SummaryRow {
  count: number;
  average: number | null;
  distribution: number[];
  positive: number;
  negative: number;
  replied: number;
  medianReplyMinutes: number | null;
}

/** Drizzle queries for synced reviews: the list, its summary, and the sync's upserts. */
export function createReviewsRepository(db: Db) {
  return {
    async list(
      scope: ReviewScope,
      filters: ReviewFilters,
      sort: ReviewSort,
      page: { limit: number; offset: number },
    ) {
      const where = scopeWhere(scope, filters);
      const [items, [counted]] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(where)
          .orderBy(...ORDER[sort])
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(where),
      ]);
      return { items, total: Number(counted?.total ?? 0) };
    },

    /** Which of these reviews came after a review request of ours (the request names it). */
    async fromRequests(reviewIds: number[]): Promise<Set<number>> {
      if (reviewIds.length === 0) return new Set();
      const rows = await db
        .select({ reviewId: solicitationRequests.reviewId })
        .from(solicitationRequests)
        .where(inArray(solicitationRequests.reviewId, reviewIds));
      return new Set(rows.flatMap((r) => (r.reviewId === null ? [] : [r.reviewId])));
    },

    async summary(scope: ReviewScope, range?: ReviewFilters['range']): Promise<SummaryRow> {
      const where = scopeWhere(scope, { range });
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          average: sql<number | null>`avg(${reviews.rating})::float8`,
          d1: sql<number>`count(*) filter (where ${reviews.rating} = 1)::int`,
          d2: sql<number>`count(*) filter (where ${reviews.rating} = 2)::int`,
          d3: sql<number>`count(*) filter (where ${reviews.rating} = 3)::int`,
          d4: sql<number>`count(*) filter (where ${reviews.rating} = 4)::int`,
          d5: sql<number>`count(*) filter (where ${reviews.rating} = 5)::int`,
          positive: sql<number>`count(*) filter (where ${reviews.recommendation} = 'positive')::int`,
          negative: sql<number>`count(*) filter (where ${reviews.recommendation} = 'negative')::int`,
          replied: sql<number>`count(${reviews.replyText})::int`,
          medianReplyMinutes: sql<
            number | null
          >`percentile_cont(0.5) within group (order by extract(epoch from (${reviews.replyUpdatedAt} - ${reviews.publishedAt})) / 60) filter (where ${reviews.replyText} is not null and ${reviews.replyUpdatedAt} >= ${reviews.publishedAt})`,
        })
        .from(reviews)
        .where(where);
      return {
        count: Number(row?.count ?? 0),
        average: row?.average === null || row?.average === undefined ? null : Number(row.average),
        distribution: [row?.d1, row?.d2, row?.d3, row?.d4, row?.d5].map((n) => Number(n ?? 0)),
        positive: Number(row?.positive ?? 0),
        negative: Number(row?.negative ?? 0),
        replied: Number(row?.replied ?? 0),
        medianReplyMinutes:
          row?.medianReplyMinutes === null || row?.medianReplyMinutes === undefined
            ? null
            : Number(row.medianReplyMinutes),
      };
    },

    /** Reviews per month in the zone of the range, with the month's average rating. */
    async months(scope: ReviewScope, timeZone: string, range?: ReviewFilters['range']) {
      const month = sql`to_char(${reviews.publishedAt} at time zone ${timeZone}, 'YYYY-MM')`;
      const rows = await db
        .select({
          month: sql<string>`${month}`,
          count: sql<number>`count(*)::int`,
          average: sql<number | null>`avg(${reviews.rating})::float8`,
        })
        .from(reviews)
        .where(scopeWhere(scope, { range }))
        // By position: the zone is a parameter, so the three `month`s would not match by text.
        .groupBy(sql`1`)
        .orderBy(sql`1`);
      return rows.map((r) => ({
        month: r.month,
        count: Number(r.count),
        average: r.average === null ? null : Number(r.average),
      }));
    },

    async get(id: number): Promise<ReviewRow | null> {
      const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
      return row ?? null;
    },

    /**
     * Upserts a page of one connection's reviews by the vendor's ids. A row that did not
     * change is not written (the `where` of the update), so a re-sync of the same data
     * writes nothing; `xmax = 0` tells inserted rows from updated ones.
     */
    async upsertPage(
      tx: Db,
      connection: { id: number; companyId: number },
      source: 'google' | 'facebook',
      items: VendorReview[],
    ): Promise<{ written: number; createdIds: number[] }> {
      if (items.length === 0) return { written: 0, createdIds: [] };
      const now = new Date();
      const rows = await tx
        .insert(reviews)
        .values(
          items.map((item) => ({
            companyId: connection.companyId,
            connectionId: connection.id,
            source,
            externalId: item.externalId,
            reviewerName: item.reviewerName,
            rating: item.rating,
            recommendation: item.recommendation,
            comment: item.comment,
            publishedAt: item.publishedAt,
            vendorUpdatedAt: item.updatedAt,
            replyText: item.reply?.text ?? null,
            replyUpdatedAt: item.reply?.updatedAt ?? null,
            replyExternalId: item.reply?.externalId ?? null,
            syncedAt: now,
          })),
        )
        .onConflictDoUpdate(
          upsertChanged(reviews, {
            target: [reviews.connectionId, reviews.externalId],
            update: [
              'reviewerName',
              'rating',
              'recommendation',
              'comment',
              'vendorUpdatedAt',
              'replyText',
              'replyUpdatedAt',
              'replyExternalId',
              'syncedAt',
            ],
            changedWhen: ['vendorUpdatedAt', 'comment', 'rating', 'replyText'],
          }),
        )
        .returning({ id: reviews.id, inserted: sql<boolean>`(xmax = 0)` });
      return {
        written: rows.length,
        createdIds: rows.filter((r) => r.inserted).map((r) => Number(r.id)),
      };
    },

    /** What a sent reply (or deletion) changed at the vendor, recorded without a sync. */
    async applyReply(
      tx: Db,
      reviewId: number,
      reply: { text: string; updatedAt: Date; externalId: string | null } | null,
    ): Promise<void> {
      await tx
        .update(reviews)
        .set({
          replyText: reply?.text ?? null,
          replyUpdatedAt: reply?.updatedAt ?? null,
          replyExternalId: reply?.externalId ?? null,
        })
        .where(eq(reviews.id, reviewId));
    },

    /** Alerts for new 1–2 star or negative reviews; a review alerts once (unique review_id). */
    async insertLowRatingAlerts(reviewIds: number[]) {
      if (reviewIds.length === 0) return [];
      const low = await db
        .select()
        .from(reviews)
        .where(
          and(
            inArray(reviews.id, reviewIds),
            or(sql`${reviews.rating} <= 2`, eq(reviews.recommendation, 'negative')),
          ),
        );
      if (low.length === 0) return [];
      const created = await db
        .insert(alerts)
        .values(
          low.map((review) => ({
            companyId: review.companyId,
            kind: 'review',
            title:
              review.rating === null
                ? `${review.reviewerName} does not recommend you on Facebook`
                : `${review.rating}-star review from ${review.reviewerName}`,
            body: review.comment.slice(0, 280),
            reviewId: review.id,
            data: { connectionId: review.connectionId, rating: review.rating },
          })),
        )
        .onConflictDoNothing()
        .returning();
      return created;
    },

    /** The company's products that show reviews, with the connection each reads from. */
    async reviewProducts(companyId: number) {
      return db
        .select({
          id: productInstances.id,
          slug: productInstances.productSlug,
          connectionId: productInstances.vendorConnectionId,
        })
        .from(productInstances)
        .innerJoin(products, eq(products.slug, productInstances.productSlug))
        .where(
          and(
            eq(productInstances.companyId, companyId),
            sql`'reviews' = any(${products.subPages})`,
          ),
        )
        .orderBy(asc(products.sortOrder), asc(productInstances.id));
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

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
