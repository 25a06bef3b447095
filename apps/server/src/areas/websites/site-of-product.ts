import { eq } from 'drizzle-orm';
import type { Db } from '../../kernel/db/database';
import { websiteSites } from '../../kernel/db/schema';

/** The site behind a website product, as other website areas (page speed, hosting, forms) need it. */
export interface ProductSite {
  siteId: number;
  companyId: number;
  /** Absolute http(s) URL, or the `/demo-sites/{slug}` path of a demo site (see `resolveSiteUrl`). */
  url: string;
  isDemo: boolean;
  demoSlug: string | null;
}

/** The `website_sites` row of a product, or null when the product has no site. */
export async function siteOfProduct(db: Db, productId: number): Promise<ProductSite | null> {
  const [row] = await db
    .select({
      siteId: websiteSites.id,
      companyId: websiteSites.companyId,
      url: websiteSites.url,
      isDemo: websiteSites.isDemo,
      demoSlug: websiteSites.demoSlug,
    })
    .from(websiteSites)
    .where(eq(websiteSites.productInstanceId, productId))
    .limit(1);
  return row ?? null;
}

/** The path a demo site is served under, on the app's own origin. */
export function demoSitePath(demoSlug: string): string {
  return `/demo-sites/${demoSlug}`;
}

/**
 * Whether the site is a seeded demo site still on the app's own origin: the one exception
 * to the private-address refusal (the app may listen on 127.0.0.1). A URL staff entered is
 * stored absolute, so it never matches.
 */
export function isOwnDemoSite(site: Pick<ProductSite, 'url' | 'isDemo' | 'demoSlug'>): boolean {
  return site.isDemo && site.demoSlug !== null && site.url === demoSitePath(site.demoSlug);
}

/**
 * The URL to request. A demo site lives at `${appOrigin}/demo-sites/${demoSlug}`; the origin
 * is passed in at check time (the port is not known when seeding). `appOrigin` without a
 * trailing slash, e.g. `http://127.0.0.1:4100`.
 */
export function resolveSiteUrl(
  site: Pick<ProductSite, 'url' | 'isDemo' | 'demoSlug'>,
  appOrigin: string,
): string {
  if (isOwnDemoSite(site) && site.demoSlug !== null) {
    return `${appOrigin.replace(/\/+$/, '')}${demoSitePath(site.demoSlug)}`;
  }
  return site.url;
}
