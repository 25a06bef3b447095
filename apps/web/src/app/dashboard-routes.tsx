import { PRODUCTS, type ProductSubPage, SUB_PAGE_TITLES } from '@pinpoint/contracts';
import type { RouteObject } from 'react-router';
import { pageLoader } from './routes/guards';

const employee = { role: 'employee' } as const;
const admin = { role: 'admin' } as const;
const devOnly = { devOnly: true } as const;
/** The dev-only staff pages (SPEC §2, §6): dev hosts, employees and admins. */
const devStaff = { devOnly: true, role: 'employee' } as const;

/** Every product sub-page, by name (the same page serves every product that has it). */
const SUB_PAGE_MODULES: Record<ProductSubPage, NonNullable<RouteObject['lazy']>> = {
  reviews: () => import('./routes/dashboard/product-reviews-page'),
  posts: () => import('./routes/dashboard/product-posts-page'),
  photos: () => import('./routes/dashboard/product-photos-page'),
  qa: () => import('./routes/dashboard/product-qa-page'),
  listings: () => import('./routes/dashboard/product-listings-page'),
  'all-ads': () => import('./routes/dashboard/product-all-ads-page'),
};

/**
 * Product sub-pages (SPEC §2 "Product pages by {product_id}"), one route per product and
 * page, inside one frame per product (tabs across its sub-pages, a link to its page). The
 * frame is pathless: with a path of its own it would also match
 * /dashboard/products/{slug}/{id}, the product page that stands outside this layout.
 */
const productSubPages: RouteObject[] = PRODUCTS.filter((product) => product.subPages.length).map(
  (product) => {
    const rules = { ids: ['product_id'], devOnly: product.slug === 'seo-pro' };
    return {
      loader: pageLoader(rules),
      lazy: () => import('./routes/dashboard/product-sub-layout'),
      children: product.subPages.map(
        (sub): RouteObject => ({
          path: `products/${product.slug}/:product_id/${sub}`,
          loader: pageLoader(rules),
          handle: { title: SUB_PAGE_TITLES[sub], productSub: { slug: product.slug, sub } },
          lazy: SUB_PAGE_MODULES[sub],
        }),
      ),
    };
  },
);

/** Children of /dashboard, inside the dashboard layout (SPEC §2 "Dashboard children"). */
export const dashboardChildren: RouteObject[] = [
  // Admin
  {
    path: 'admin/lsa-verticals',
    loader: pageLoader(admin),
    handle: { title: 'LSA verticals' },
    lazy: () => import('./routes/dashboard/admin-lsa-verticals-page'),
  },
  {
    path: 'admin/run-grids',
    loader: pageLoader(admin),
    handle: { title: 'Run grids' },
    lazy: () => import('./routes/dashboard/admin-run-grids-page'),
  },
  {
    path: 'admin/grid-report',
    loader: pageLoader(admin),
    handle: { title: 'Grid report' },
    lazy: () => import('./routes/dashboard/admin-grid-report-page'),
  },
  // Employee
  {
    path: 'employee',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/employee-home-page'),
  },
  {
    path: 'employee/custom-rank/run',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/custom-rank-run-page'),
  },
  {
    path: 'employee/custom-rank/view/:id',
    loader: pageLoader({ ...employee, ids: ['id'] }),
    lazy: () => import('./routes/dashboard/custom-rank-view-page'),
  },
  {
    path: 'employee/custom-rank/created',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/custom-rank-created-page'),
  },
  {
    path: 'employee/top-lsa-clients',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/top-lsa-clients-page'),
  },
  {
    path: 'employee/top-gbp-clients',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/top-gbp-clients-page'),
  },
  {
    path: 'employee/timeline/search',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/timeline-search-page'),
  },
  {
    path: 'employee/ads-estimator',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/ads-estimator-page'),
  },
  {
    path: 'employee/status',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/error-logs-page'),
  },
  {
    path: 'employee/support-requests',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/support-requests-page'),
  },
  {
    path: 'employee/omg-power-tool',
    loader: pageLoader(employee),
    handle: { title: 'OMG power tool' },
    lazy: () => import('./routes/dashboard/power-tool-page'),
  },
  {
    path: 'employee/omg-power-tool/:id',
    loader: pageLoader({ ...employee, ids: ['id'] }),
    handle: { title: 'Prospect workspace' },
    lazy: () => import('./routes/dashboard/power-tool-workspace-page'),
  },
  // Client
  {
    path: 'overview',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/overview-page'),
  },
  {
    path: 'overview/:company_id',
    loader: pageLoader({ ids: ['company_id'] }),
    lazy: () => import('./routes/dashboard/overview-page'),
  },
  {
    path: 'activity',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/activity-page'),
  },
  // Its lazy module has its own loader (the user's companies from the session descriptor).
  { path: 'my-alerts', lazy: () => import('./routes/dashboard/my-alerts-page') },
  {
    path: 'performance-report',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/performance-report-page'),
  },
  {
    path: 'leads-center',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/leads-center-page'),
  },
  {
    path: 'roi-center',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/roi-center-page'),
  },
  {
    path: 'billing',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/billing-page'),
  },
  {
    path: 'profile/:company_id',
    loader: pageLoader({ ids: ['company_id'] }),
    lazy: () => import('./routes/dashboard/profile-page'),
  },
  // Staff tools, though SPEC lists them among the client pages: they show every client's
  // errors and sign-ins.
  {
    path: 'live-bug-reports',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/live-bug-reports-page'),
  },
  {
    path: 'live-login-reports',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/live-login-reports-page'),
  },
  // Local rank
  {
    path: 'local-rank-grid/live',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/local-rank-live-page'),
  },
  {
    path: 'local-rank-grid/view/:id',
    loader: pageLoader({ ids: ['id'] }),
    lazy: () => import('./routes/dashboard/local-rank-view-page'),
  },
  {
    path: 'local-rank-grid/history',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/local-rank-history-page'),
  },
  {
    path: 'local-rank-grid/timelines',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/local-rank-timelines-page'),
  },
  // Reviews and posts
  {
    path: 'products/reviews',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/company-reviews-page'),
  },
  {
    path: 'products/posts',
    loader: pageLoader({}),
    handle: { title: 'Posts' },
    lazy: () => import('./routes/dashboard/company-posts-page'),
  },
  {
    path: 'products/:product_name/reviews/:product_id/:review_id',
    loader: pageLoader({ product: 'product_name', ids: ['product_id', 'review_id'] }),
    lazy: () => import('./routes/dashboard/review-detail-page'),
  },
  // SPEC §2 names local-marketing-essentials; every product with posts has the same page.
  {
    path: 'products/:product_name/posts/:product_id/:post_id',
    loader: pageLoader({ product: 'product_name', ids: ['product_id', 'post_id'] }),
    handle: { title: 'Post' },
    lazy: () => import('./routes/dashboard/post-detail-page'),
  },
  // Products
  {
    path: 'products',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/products-page'),
  },
  {
    path: 'products/ad-spec',
    loader: pageLoader({}),
    handle: { title: 'Ad spec' },
    lazy: () => import('./routes/dashboard/ad-spec-page'),
  },
  {
    path: 'products/:product_name/qr-codes/:product_id',
    loader: pageLoader({ product: 'product_name', ids: ['product_id'] }),
    handle: { title: 'QR codes' },
    lazy: () => import('./routes/dashboard/product-qr-codes-page'),
  },
  ...productSubPages,
  // Review solicitation
  {
    path: 'review-solicitation/:product_id',
    loader: pageLoader({ ids: ['product_id'] }),
    handle: { title: 'Review requests' },
    lazy: () => import('./routes/dashboard/review-solicitation-page'),
  },
  {
    path: 'review-solicitation/:product_type/:product_id',
    loader: pageLoader({ product: 'product_type', ids: ['product_id'] }),
    handle: { title: 'Review requests' },
    lazy: () => import('./routes/dashboard/review-solicitation-page'),
  },
  // Staff: what was kept instead of sent
  {
    path: 'dev-outbox',
    loader: pageLoader({ role: 'employee' }),
    handle: { title: 'Dev outbox' },
    lazy: () => import('./routes/dashboard/dev-outbox-page'),
  },
  // Dev hosts only
  {
    path: 'insite-blogs',
    loader: pageLoader(devStaff),
    handle: { title: 'InSite blogs' },
    lazy: () => import('./routes/dashboard/insite-blogs-page'),
  },
  {
    path: 'products/on-hold',
    loader: pageLoader(devStaff),
    handle: { title: 'Products on hold' },
    lazy: () => import('./routes/dashboard/products-on-hold-page'),
  },
  {
    path: 'products/on-hold-packages',
    loader: pageLoader(devStaff),
    handle: { title: 'Packages on hold' },
    lazy: () => import('./routes/dashboard/packages-on-hold-page'),
  },
  {
    path: 'products/social-calendar',
    loader: pageLoader(devStaff),
    handle: { title: 'Social calendar' },
    lazy: () => import('./routes/dashboard/social-calendar-page'),
  },
  { path: 'test', loader: pageLoader(devOnly), lazy: () => import('./routes/dashboard/test-page') },
  { path: '*', lazy: () => import('./routes/in-app-not-found') },
];

/** Children of /trial (SPEC §2 "Trial area"). */
export const trialChildren: RouteObject[] = [
  { path: 'overview', loader: pageLoader({}), lazy: () => import('./routes/trial/overview-page') },
  { path: 'profile', loader: pageLoader({}), lazy: () => import('./routes/trial/profile-page') },
  {
    path: 'my-alerts',
    loader: pageLoader({}),
    lazy: () => import('./routes/trial/my-alerts-page'),
  },
  {
    path: 'local-rank-grid/live',
    loader: pageLoader({}),
    lazy: () => import('./routes/trial/live-page'),
  },
  {
    path: 'local-rank-grid/view/:id',
    loader: pageLoader({ ids: ['id'] }),
    lazy: () => import('./routes/trial/view-page'),
  },
  {
    path: 'local-rank-grid/history',
    loader: pageLoader({}),
    lazy: () => import('./routes/trial/history-page'),
  },
  { path: '*', lazy: () => import('./routes/in-app-not-found') },
];
