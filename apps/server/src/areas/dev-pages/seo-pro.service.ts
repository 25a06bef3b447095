import type { SeoKeywordSeries, SeoProReport } from '@pinpoint/contracts';
import type { Db } from '../../kernel/db/database';
import { AppError, notFound } from '../../kernel/lib/app-error';
import { VendorError } from '../../providers/kernel/vendor-errors';
import type { SeoProvider, SeoSite } from '../../providers/seo/port';
import { createSeoProRepository } from './seo-pro.repository';

const DAY_MS = 86_400_000;
/** How far back a sync (and the seed) fills the positions. */
export const SEO_SYNC_DAYS = 90;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** The site's domain from its address (`https://www.x.com/` → `x.com`). */
export function domainOf(website: string | null): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** One keyword's series over the days asked, a point for every day (null where none). */
export function keywordSeries(
  keyword: string,
  days: string[],
  byDay: Map<string, number | null>,
): SeoKeywordSeries {
  const points = days.map((day) => ({ day, position: byDay.get(day) ?? null }));
  const known = points.flatMap((p) => (p.position === null ? [] : [p.position]));
  const first = known[0] ?? null;
  const latest = points.at(-1)?.position ?? null;
  return {
    keyword,
    points,
    latest,
    // Moving from 12th to 4th is a gain of 8 places.
    change: first !== null && latest !== null ? first - latest : null,
    best: known.length ? Math.min(...known) : null,
  };
}

/**
 * SEO Pro (dev-only): syncs a product's keyword positions and ranking pages from the SEO
 * provider into our tables, and reads the report from them (never from the provider).
 */
export function createSeoProService(db: Db, provider: SeoProvider) {
  const repo = createSeoProRepository(db);

  async function seoProduct(productId: number) {
    const product = await repo.product(productId);
    if (product?.slug !== 'seo-pro') throw notFound('No such SEO Pro product.');
    return product;
  }

  async function siteOf(product: Awaited<ReturnType<typeof seoProduct>>): Promise<SeoSite> {
    const domain = domainOf(product.website);
    if (!domain) throw notFound('This client has no website for SEO Pro to track.');
    return { domain, keywords: await repo.keywordsOf(product.companyId) };
  }

  return {
    /** Pulls the last SEO_SYNC_DAYS days up to `now`'s UTC day, and today's ranking pages. */
    async sync(productId: number, now: Date) {
      const product = await seoProduct(productId);
      const site = await siteOf(product);
      const to = dayOf(now.getTime());
      let positions: Awaited<ReturnType<SeoProvider['positions']>>;
      let pages: Awaited<ReturnType<SeoProvider['rankedPages']>>;
      try {
        positions = await provider.positions(site, {
          from: addDays(to, -(SEO_SYNC_DAYS - 1)),
          to,
        });
        pages = await provider.rankedPages(site, to);
      } catch (error) {
        // The vendor's own reason (credentials already cut out), as the Ads estimator does.
        if (error instanceof VendorError) {
          throw new AppError(502, 'SERVICE_UNAVAILABLE', `The SEO sync failed: ${error.message}`);
        }
        throw error;
      }
      await repo.upsertPositions(productId, positions);
      await repo.replacePages(productId, pages, now, provider.mode);
      return { positions: positions.length, pages: pages.length, synced_at: now.toISOString() };
    },

    async report(productId: number, days: number): Promise<SeoProReport> {
      const product = await seoProduct(productId);
      const lastDay = await repo.lastDay(productId);
      const pages = await repo.pages(productId);
      const base = {
        product_id: product.id,
        company: { id: product.companyId, name: product.companyName },
        domain: domainOf(product.website),
        synced_at: pages[0]?.syncedAt.toISOString() ?? null,
        provider: pages[0]?.provider ?? null,
        pages: pages.map((p) => ({
          url: p.url,
          keyword: p.keyword,
          position: p.position,
          change: p.previousPosition === null ? null : p.previousPosition - p.position,
        })),
      };
      if (!lastDay) return { ...base, keywords: [] };
      const from = addDays(lastDay, -(days - 1));
      const span = Array.from({ length: days }, (_, i) => addDays(from, i));
      const rows = await repo.positionsSince(productId, from);
      const byKeyword = new Map<string, Map<string, number | null>>();
      for (const row of rows) {
        const series = byKeyword.get(row.keyword) ?? new Map<string, number | null>();
        series.set(row.day, row.position);
        byKeyword.set(row.keyword, series);
      }
      const keywords = [...byKeyword].map(([keyword, byDay]) =>
        keywordSeries(keyword, span, byDay),
      );
      // Best-placed keywords first, those out of the top 100 last.
      keywords.sort((a, b) => (a.latest ?? 999) - (b.latest ?? 999));
      return { ...base, keywords };
    },
  };
}

export type SeoProService = ReturnType<typeof createSeoProService>;
