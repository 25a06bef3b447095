import { type AnyColumn, and, eq, gte, inArray, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  fbadsInsights,
  gbpPerformanceDays,
  posts,
  productInstances,
  reviews,
  vendorConnections,
} from '../../kernel/db/schema';
import { upsertChanged } from '../../platform/vendor-sync/upsert-changed';
import type { VendorPerformanceDay } from '../../providers/google-business-profile/performance-port';

const CHUNK = 1000;
const sum = (column: AnyColumn | SQL) =>
  sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);
const count = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`.mapWith(Number);

/** A day's values of one source, keyed by the source's metric keys. */
export type DayValues = { day: string } & Record<string, number | string>;

/** Queries only: the performance sync's upsert and the report's reads. */
export function createPerformanceRepository(db: Db) {
  return {
    /** Upserts days by (connection, day); unchanged rows are not written. */
    async upsertDays(
      tx: Db,
      connection: { id: number; companyId: number },
      days: VendorPerformanceDay[],
    ): Promise<number> {
      const unique = [...new Map(days.map((d) => [d.day, d])).values()];
      let written = 0;
      for (let i = 0; i < unique.length; i += CHUNK) {
        const rows = await tx
          .insert(gbpPerformanceDays)
          .values(
            unique.slice(i, i + CHUNK).map((d) => ({
              connectionId: connection.id,
              companyId: connection.companyId,
              ...d,
            })),
          )
          .onConflictDoUpdate(
            upsertChanged(gbpPerformanceDays, {
              target: [gbpPerformanceDays.connectionId, gbpPerformanceDays.day],
              update: [
                'desktopMaps',
                'desktopSearch',
                'mobileMaps',
                'mobileSearch',
                'calls',
                'directions',
                'websiteClicks',
              ],
              expressions: {
                syncedAt: sql`now()`,
              },
              changedWhen: [
                'desktopMaps',
                'desktopSearch',
                'mobileMaps',
                'mobileSearch',
                'calls',
                'directions',
                'websiteClicks',
              ],
            }),
          )
          .returning({ day: gbpPerformanceDays.day });
        written += rows.length;
      }
      return written;
    },

    /** The newest day stored for a connection (null before its first sync). */
    async latestDay(connectionId: number): Promise<string | null> {
      const [row] = await db
        .select({ day: max(gbpPerformanceDays.day) })
        .from(gbpPerformanceDays)
        .where(eq(gbpPerformanceDays.connectionId, connectionId));
      return row?.day ?? null;
    },

    async companyName(companyId: number): Promise<string | null> {
      const [row] = await db
        .select({ name: clientCompanies.name })
        .from(clientCompanies)
        .where(eq(clientCompanies.id, companyId));
      return row?.name ?? null;
    },

    async connections(companyId: number) {
      return db
        .select({
          id: vendorConnections.id,
          vendor: vendorConnections.vendor,
          displayName: vendorConnections.displayName,
          externalAccount: vendorConnections.externalAccount,
          lastSyncedAt: vendorConnections.lastSyncedAt,
        })
        .from(vendorConnections)
        .where(eq(vendorConnections.companyId, companyId))
        .orderBy(vendorConnections.id);
    },

    async products(companyId: number) {
      return db
        .select({
          id: productInstances.id,
          slug: productInstances.productSlug,
          connectionId: productInstances.vendorConnectionId,
        })
        .from(productInstances)
        .where(eq(productInstances.companyId, companyId))
        .orderBy(productInstances.id);
    },

    /** Business Profile days, the locations added up. */
    async googleDays(connectionIds: number[], from: string, to: string) {
      const t = gbpPerformanceDays;
      return db
        .select({
          day: t.day,
          views: sum(sql`${t.desktopMaps} + ${t.mobileMaps}`),
          searches: sum(sql`${t.desktopSearch} + ${t.mobileSearch}`),
          calls: sum(t.calls),
          directions: sum(t.directions),
          websiteClicks: sum(t.websiteClicks),
        })
        .from(t)
        .where(and(inArray(t.connectionId, connectionIds), gte(t.day, from), lte(t.day, to)))
        .groupBy(t.day)
        .orderBy(t.day);
    },

    /** Facebook Ads days, the campaigns added up. */
    async fbadsDays(connectionIds: number[], from: string, to: string) {
      const t = fbadsInsights;
      return db
        .select({
          day: t.day,
          spendCents: sum(t.spendCents),
          impressions: sum(t.impressions),
          clicks: sum(t.clicks),
          leads: sum(t.leads),
        })
        .from(t)
        .where(and(inArray(t.connectionId, connectionIds), gte(t.day, from), lte(t.day, to)))
        .groupBy(t.day)
        .orderBy(t.day);
    },

    /** Facebook page days: reviews received (and how many were positive), posts published (UTC days). */
    async facebookDays(connectionIds: number[], from: string, to: string) {
      const reviewDay = sql<string>`to_char(${reviews.publishedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const postDay = sql<string>`to_char(${posts.publishedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const start = sql`${from}::date::timestamp at time zone 'UTC'`;
      const end = sql`(${to}::date + 1)::timestamp at time zone 'UTC'`;
      const [reviewRows, postRows] = await Promise.all([
        db
          .select({
            day: reviewDay,
            reviews: sql<number>`count(*)::int`.mapWith(Number),
            positive: count(sql`${reviews.rating} >= 4 or ${reviews.recommendation} = 'positive'`),
          })
          .from(reviews)
          .where(
            and(
              inArray(reviews.connectionId, connectionIds),
              sql`${reviews.publishedAt} >= ${start} and ${reviews.publishedAt} < ${end}`,
            ),
          )
          .groupBy(reviewDay),
        db
          .select({ day: postDay, posts: sql<number>`count(*)::int`.mapWith(Number) })
          .from(posts)
          .where(
            and(
              inArray(posts.connectionId, connectionIds),
              eq(posts.state, 'published'),
              sql`${posts.publishedAt} >= ${start} and ${posts.publishedAt} < ${end}`,
            ),
          )
          .groupBy(postDay),
      ]);
      const byDay = new Map<string, DayValues>();
      for (const r of reviewRows)
        byDay.set(r.day, { day: r.day, reviews: r.reviews, positive: r.positive });
      for (const p of postRows)
        byDay.set(p.day, { ...(byDay.get(p.day) ?? { day: p.day }), posts: p.posts });
      return [...byDay.values()];
    },
  };
}

export type PerformanceRepository = ReturnType<typeof createPerformanceRepository>;
