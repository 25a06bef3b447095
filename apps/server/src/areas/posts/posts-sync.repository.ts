import { localDateTimeToInstant } from '@pinpoint/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  activityEvents,
  clientCompanies,
  posts,
  productInstances,
  products,
} from '../../kernel/db/schema';
import { FALLBACK_TIME_ZONE } from '../../platform/product-access/company-time-zone';
import { upsertChanged } from '../../platform/vendor-sync/upsert-changed';
import type { VendorPost } from '../../providers/kernel/posts-port';

export type PostSourceName = 'google' | 'facebook';

/** The overview's activity line for a published post. */
export function publishedActivity(post: {
  companyId: number;
  source: string;
  summary: string;
  publishedAt: Date;
  productInstanceId: number | null;
}): typeof activityEvents.$inferInsert {
  return {
    companyId: post.companyId,
    type: 'post_published',
    title: `Published a post on ${post.source === 'facebook' ? 'Facebook' : 'Google'}`,
    detail: post.summary.slice(0, 140),
    productInstanceId: post.productInstanceId,
    occurredAt: post.publishedAt,
  };
}

/** What the vendor said when a post was published. */
export interface PublishedResult {
  externalId: string;
  searchUrl: string | null;
  publishedAt: Date;
  state: 'published' | 'publishing';
  mediaUrl: string | null;
}

/** Queries the posts syncs and writes run, inside the runner's or the sender's transaction. */
export function createPostsSyncRepository(db: Db) {
  async function timeZoneOf(tx: Db, companyId: number): Promise<string> {
    const [row] = await tx
      .select({ timeZone: clientCompanies.timeZone })
      .from(clientCompanies)
      .where(eq(clientCompanies.id, companyId));
    return row?.timeZone ?? FALLBACK_TIME_ZONE;
  }

  /** The product a connection's posts show under (the activity line names it). */
  async function productOf(tx: Db, connectionId: number): Promise<number | null> {
    const [row] = await tx
      .select({ id: productInstances.id })
      .from(productInstances)
      .innerJoin(products, eq(products.slug, productInstances.productSlug))
      .where(
        and(
          eq(productInstances.vendorConnectionId, connectionId),
          sql`'posts' = any(${products.subPages})`,
        ),
      )
      .orderBy(asc(products.sortOrder), asc(productInstances.id))
      .limit(1);
    return row?.id ?? null;
  }

  return {
    timeZoneOf: (companyId: number) => timeZoneOf(db, companyId),

    /**
     * Upserts a page of one connection's posts by the vendor's ids. Our own published posts
     * already carry their id, so they are updated (insights, state), never duplicated; a
     * post deleted here stays deleted; unchanged rows are not written. A post of ours that
     * the vendor held for review and now shows live gets its activity line here.
     */
    async upsertPage(
      tx: Db,
      connection: { id: number; companyId: number },
      source: PostSourceName,
      items: VendorPost[],
    ): Promise<{ written: number; createdIds: number[] }> {
      const unique = [...new Map(items.map((item) => [item.externalId, item])).values()];
      if (unique.length === 0) return { written: 0, createdIds: [] };
      const zone = await timeZoneOf(tx, connection.companyId);
      const instant = (local: string) => {
        const at = localDateTimeToInstant(local, zone);
        return Number.isNaN(at.getTime()) ? null : at;
      };
      const live = unique.filter((i) => i.state === 'published').map((i) => i.externalId);
      const held = live.length
        ? await tx
            .select({ id: posts.id })
            .from(posts)
            .where(
              and(
                eq(posts.connectionId, connection.id),
                eq(posts.state, 'publishing'),
                inArray(posts.externalId, live),
              ),
            )
        : [];
      const now = new Date();
      const rows = await tx
        .insert(posts)
        .values(
          unique.map((item) => ({
            companyId: connection.companyId,
            connectionId: connection.id,
            source,
            externalId: item.externalId,
            topicType: item.topicType,
            summary: item.summary,
            ctaType: item.ctaType,
            ctaUrl: item.ctaUrl,
            eventTitle: item.event?.title ?? null,
            eventStart: item.event ? instant(item.event.start) : null,
            eventEnd: item.event ? instant(item.event.end) : null,
            offer: item.offer,
            mediaUrl: item.mediaUrl,
            state: item.state,
            failureReason: item.failureReason,
            searchUrl: item.searchUrl,
            views: item.views,
            clicks: item.clicks,
            publishedAt: item.state === 'published' ? item.createdAt : null,
            vendorUpdatedAt: item.updatedAt,
            createdAt: item.createdAt,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate(
          upsertChanged(posts, {
            target: [posts.connectionId, posts.externalId],
            update: [
              'topicType',
              'summary',
              'ctaType',
              'ctaUrl',
              'eventTitle',
              'eventStart',
              'eventEnd',
              'offer',
              'failureReason',
              'vendorUpdatedAt',
              'updatedAt',
            ],
            expressions: {
              mediaUrl: sql`coalesce(excluded.media_url, ${posts.mediaUrl})`,
              state: sql`case when ${posts.state} = 'deleted' then ${posts.state} else excluded.state end`,
              searchUrl: sql`coalesce(excluded.search_url, ${posts.searchUrl})`,
              views: sql`coalesce(excluded.views, ${posts.views})`,
              clicks: sql`coalesce(excluded.clicks, ${posts.clicks})`,
              publishedAt: sql`coalesce(${posts.publishedAt}, excluded.published_at)`,
            },
            changedWhen: ['vendorUpdatedAt', 'state', 'summary', 'views', 'clicks'],
          }),
        )
        .returning({ id: posts.id, inserted: sql<boolean>`(xmax = 0)` });
      if (held.length > 0) {
        const nowLive = await tx
          .select()
          .from(posts)
          .where(
            and(
              inArray(
                posts.id,
                held.map((h) => h.id),
              ),
              eq(posts.state, 'published'),
            ),
          );
        const productInstanceId = await productOf(tx, connection.id);
        if (nowLive.length > 0) {
          await tx.insert(activityEvents).values(
            nowLive.map((post) =>
              publishedActivity({
                ...post,
                publishedAt: post.publishedAt ?? now,
                productInstanceId,
              }),
            ),
          );
        }
      }
      return {
        written: rows.length,
        createdIds: rows.filter((r) => r.inserted).map((r) => Number(r.id)),
      };
    },

    /** Fresh insights for posts already stored (the daily insights sync). */
    async updateInsights(
      tx: Db,
      connectionId: number,
      items: { externalId: string; views: number | null; clicks: number | null }[],
    ): Promise<number> {
      const known = items.filter((i) => i.views !== null || i.clicks !== null);
      if (known.length === 0) return 0;
      const pick = (field: 'views' | 'clicks') =>
        sql`case ${posts.externalId} ${sql.join(
          known.map((i) => sql`when ${i.externalId} then ${i[field]}::int`),
          sql` `,
        )} end`;
      const views = sql`coalesce(${pick('views')}, ${posts.views})`;
      const clicks = sql`coalesce(${pick('clicks')}, ${posts.clicks})`;
      const rows = await tx
        .update(posts)
        .set({ views, clicks, updatedAt: new Date() })
        .where(
          and(
            eq(posts.connectionId, connectionId),
            inArray(
              posts.externalId,
              known.map((i) => i.externalId),
            ),
            sql`(${posts.views}, ${posts.clicks}) is distinct from (${views}, ${clicks})`,
          ),
        )
        .returning({ id: posts.id });
      return rows.length;
    },

    /**
     * A sent post, recorded with what the vendor answered, in the transaction that marks its
     * write sent; a live post becomes an activity line on the overview.
     */
    async applyPublished(tx: Db, postId: number, result: PublishedResult): Promise<void> {
      const [post] = await tx
        .update(posts)
        .set({
          state: result.state,
          externalId: result.externalId,
          searchUrl: result.searchUrl,
          publishedAt: result.publishedAt,
          mediaUrl: sql`coalesce(${result.mediaUrl}::text, ${posts.mediaUrl})`,
          scheduledFor: null,
          failureReason: null,
          views: 0,
          clicks: 0,
          updatedAt: new Date(),
        })
        .where(eq(posts.id, postId))
        .returning();
      if (!post || result.state !== 'published') return;
      await tx.insert(activityEvents).values(
        publishedActivity({
          ...post,
          publishedAt: result.publishedAt,
          productInstanceId: await productOf(tx, post.connectionId),
        }),
      );
    },

    async applyDeleted(tx: Db, postId: number): Promise<void> {
      await tx
        .update(posts)
        .set({ state: 'deleted', updatedAt: new Date() })
        .where(eq(posts.id, postId));
    },
  };
}

export type PostsSyncRepository = ReturnType<typeof createPostsSyncRepository>;
