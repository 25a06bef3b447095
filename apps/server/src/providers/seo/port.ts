import type { SEO_VENDOR } from '../kernel/vendor-ids';

/** The site whose organic rankings are tracked, and the keywords tracked for it. */
export interface SeoSite {
  /** The client's domain, e.g. `redfieldlaw.com` (no scheme). */
  domain: string;
  keywords: readonly string[];
}

/** A keyword's organic position on one day (null: not in the top 100). */
export interface SeoPosition {
  keyword: string;
  /** A UTC calendar day, YYYY-MM-DD. */
  day: string;
  position: number | null;
  /** The site's page that ranked. */
  url: string | null;
}

/** A page of the site that ranks for a keyword now, and where it stood a week before. */
export interface SeoRankedPage {
  url: string;
  keyword: string;
  position: number;
  previousPosition: number | null;
}

/**
 * SEO Pro's rank tracker (SPEC §7's `/api/uni/products/seo/…`): daily organic positions of
 * a site's keywords and the pages that rank. The demo adapter computes them from the
 * site and keyword alone (deterministic); the live adapter asks a rank-tracking API.
 */
export interface SeoProvider {
  readonly vendor: typeof SEO_VENDOR;
  readonly mode: 'demo' | 'live';
  positions(site: SeoSite, range: { from: string; to: string }): Promise<SeoPosition[]>;
  rankedPages(site: SeoSite, day: string): Promise<SeoRankedPage[]>;
}
