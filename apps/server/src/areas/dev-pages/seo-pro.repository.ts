import { and, asc, eq, gte, max, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import {
  clientCompanies,
  keywords,
  productInstances,
  seoKeywordPositions,
  seoRankingPages,
} from '../../kernel/db/schema';
import type { SeoPosition, SeoRankedPage } from '../../providers/seo/port';

/** How many of a company's keywords SEO Pro tracks. */
export const SEO_KEYWORDS_TRACKED = 6;

/** SEO Pro's queries: the product, its keywords, and the positions synced from the provider. */
export function createSeoProRepository(db: Db) {
  return {
    async product(productId: number) {
      const [row] = await db
        .select({
          id: productInstances.id,
          slug: productInstances.productSlug,
          companyId: productInstances.companyId,
          companyName: clientCompanies.name,
          website: clientCompanies.website,
        })
        .from(productInstances)
        .innerJoin(clientCompanies, eq(clientCompanies.id, productInstances.companyId))
        .where(eq(productInstances.id, productId));
      return row ?? null;
    },

    async keywordsOf(companyId: number): Promise<string[]> {
      const rows = await db
        .select({ keyword: keywords.keyword })
        .from(keywords)
        .where(eq(keywords.companyId, companyId))
        .orderBy(asc(keywords.id))
        .limit(SEO_KEYWORDS_TRACKED);
      return rows.map((r) => r.keyword);
    },

    /** Writes a sync's positions; a day synced again takes the newer answer. */
    async upsertPositions(productId: number, positions: SeoPosition[]) {
      for (let i = 0; i < positions.length; i += 1000) {
        const chunk = positions.slice(i, i + 1000);
        await db
          .insert(seoKeywordPositions)
          .values(chunk.map((p) => ({ productId, ...p })))
          .onConflictDoUpdate({
            target: [
              seoKeywordPositions.productId,
              seoKeywordPositions.keyword,
              seoKeywordPositions.day,
            ],
            set: { position: sql`excluded.position`, url: sql`excluded.url` },
          });
      }
    },

    /** The ranking pages are a snapshot: each sync replaces the last. */
    async replacePages(
      productId: number,
      pages: SeoRankedPage[],
      syncedAt: Date,
      provider: string,
    ) {
      await db.delete(seoRankingPages).where(eq(seoRankingPages.productId, productId));
      if (pages.length === 0) return;
      await db.insert(seoRankingPages).values(
        pages.map((p) => ({
          productId,
          url: p.url,
          keyword: p.keyword,
          position: p.position,
          previousPosition: p.previousPosition,
          syncedAt,
          provider,
        })),
      );
    },

    async lastDay(productId: number): Promise<string | null> {
      const [row] = await db
        .select({ day: max(seoKeywordPositions.day) })
        .from(seoKeywordPositions)
        .where(eq(seoKeywordPositions.productId, productId));
      return row?.day ?? null;
    },

    positionsSince(productId: number, from: string) {
      return db
        .select({
          keyword: seoKeywordPositions.keyword,
          day: seoKeywordPositions.day,
          position: seoKeywordPositions.position,
        })
        .from(seoKeywordPositions)
        .where(
          and(eq(seoKeywordPositions.productId, productId), gte(seoKeywordPositions.day, from)),
        )
        .orderBy(asc(seoKeywordPositions.keyword), asc(seoKeywordPositions.day));
    },

    pages(productId: number) {
      return db
        .select()
        .from(seoRankingPages)
        .where(eq(seoRankingPages.productId, productId))
        .orderBy(asc(seoRankingPages.position), asc(seoRankingPages.url));
    },
  };
}

export type SeoProRepository = ReturnType<typeof createSeoProRepository>;
