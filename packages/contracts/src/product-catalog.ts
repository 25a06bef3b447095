// No zod here: the web app's route table reads the catalog when it starts, before any
// schema is needed (scripts/bundle-budget.mjs measures that first download).

/**
 * The product catalog of SPEC §2: every product slug, its display name, the sub-pages its
 * product page has, and the short name the product-overview API uses (SPEC §7).
 */
export type ProductSubPage = 'qa' | 'reviews' | 'listings' | 'posts' | 'photos' | 'all-ads';

const PROFILE_PAGES: ProductSubPage[] = ['qa', 'reviews', 'listings', 'posts', 'photos'];

export const PRODUCTS = [
  { slug: 'google-business-pro', name: 'Google Business Pro', api: 'gbp', subPages: PROFILE_PAGES },
  {
    slug: 'local-marketing-essentials',
    name: 'Local Marketing Essentials',
    api: 'lme',
    subPages: PROFILE_PAGES,
  },
  {
    slug: 'tow-marketing-essentials',
    name: 'Tow Marketing Essentials',
    api: 'lme',
    subPages: PROFILE_PAGES,
  },
  {
    slug: 'google-calls-advisor',
    name: 'Google Calls Advisor',
    api: 'gca',
    subPages: PROFILE_PAGES,
  },
  {
    slug: 'managed-business-listings',
    name: 'Managed Business Listings',
    api: 'mbl',
    subPages: ['listings', 'photos'],
  },
  {
    slug: 'business-listings',
    name: 'Business Listings',
    api: 'mbl',
    subPages: ['listings', 'photos'],
  },
  { slug: 'facebook-pro', name: 'Facebook Pro', api: 'fbp', subPages: ['reviews', 'posts'] },
  { slug: 'google-ads', name: 'Google Ads', api: 'googleads', subPages: ['all-ads'] },
  { slug: 'ads-xpress', name: 'Ads Xpress', api: 'adsxpress', subPages: ['all-ads'] },
  { slug: 'facebook-ads', name: 'Facebook Ads', api: 'fbads', subPages: [] },
  { slug: 'local-services-ads', name: 'Local Services Ads', api: 'lsa', subPages: [] },
  { slug: 'webworx-professional', name: 'WebWorx Professional', api: 'webworx', subPages: [] },
  { slug: 'website-hosting', name: 'Website Hosting', api: 'hosting', subPages: [] },
  { slug: 'powerpage', name: 'PowerPage', api: 'powerpage', subPages: [] },
  { slug: 'website', name: 'Website', api: 'website', subPages: [] },
  { slug: 'omgincontact', name: 'OMG InContact', api: 'omgincontact', subPages: [] },
  { slug: 'seo-pro', name: 'SEO Pro', api: 'seo', subPages: [] },
] as const satisfies ReadonlyArray<{
  slug: string;
  name: string;
  api: string;
  subPages: readonly ProductSubPage[];
}>;

export type ProductSlug = (typeof PRODUCTS)[number]['slug'];
export type ProductApiName = (typeof PRODUCTS)[number]['api'];

/** Product pages that exist only on dev hosts (SPEC §2). */
export const DEV_ONLY_PRODUCTS: readonly ProductSlug[] = ['seo-pro'];

export function findProduct(slug: string) {
  return PRODUCTS.find((product) => product.slug === slug) ?? null;
}

export const SUB_PAGE_TITLES: Record<ProductSubPage, string> = {
  qa: 'Questions & answers',
  reviews: 'Reviews',
  listings: 'Listings',
  posts: 'Posts',
  photos: 'Photos',
  'all-ads': 'All ads',
};
