import { isDevHost, PRODUCTS, SUB_PAGE_TITLES } from '@pinpoint/contracts';
import type { RouteObject } from 'react-router';
import { type PageRules, pageLoader } from './routes/guards';

/** A page whose section is built later: title, rules, and the honest placeholder. */
export function section(
  path: string,
  title: string | (() => string),
  rules: PageRules = {},
): RouteObject {
  return {
    path,
    loader: pageLoader(rules),
    handle: { title },
    lazy: () => import('./routes/section-unavailable'),
  };
}

const employee = { role: 'employee' } as const;
const admin = { role: 'admin' } as const;
const devOnly = { devOnly: true } as const;

/** Product sub-pages (SPEC §2 "Product pages by {product_id}"), one route per product and page. */
const productSubPages: RouteObject[] = PRODUCTS.flatMap((product) =>
  product.subPages.map((sub) =>
    section(
      `products/${product.slug}/:product_id/${sub}`,
      `${product.name}: ${SUB_PAGE_TITLES[sub]}`,
      {
        ids: ['product_id'],
        devOnly: product.slug === 'seo-pro',
      },
    ),
  ),
);

/** Children of /dashboard, inside the dashboard layout (SPEC §2 "Dashboard children"). */
export const dashboardChildren: RouteObject[] = [
  // Admin
  section('admin/lsa-verticals', 'LSA verticals', admin),
  section('admin/run-grids', 'Run grids', admin),
  section('admin/grid-report', 'Grid report', admin),
  // Employee
  section('employee', 'Employee home', employee),
  section('employee/custom-rank/run', 'Custom rank grid', employee),
  section('employee/custom-rank/view/:id', 'Custom rank grid', { ...employee, ids: ['id'] }),
  section('employee/custom-rank/created', 'Created rank grids', employee),
  section('employee/top-lsa-clients', 'Top LSA clients', employee),
  section('employee/top-gbp-clients', 'Top GBP clients', employee),
  section('employee/timeline/search', 'Timeline search', employee),
  section('employee/ads-estimator', 'Ads estimator', employee),
  {
    path: 'employee/status',
    loader: pageLoader(employee),
    lazy: () => import('./routes/dashboard/error-logs-page'),
  },
  section('employee/omg-power-tool', 'OMG power tool', employee),
  section('employee/omg-power-tool/:id', 'OMG power tool', { ...employee, ids: ['id'] }),
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
  section('performance-report', 'Performance report'),
  section('leads-center', 'Leads center'),
  section('roi-center', 'ROI center'),
  section('billing', 'Billing'),
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
  section('local-rank-grid/live', 'Live rank grid'),
  section('local-rank-grid/view/:id', 'Rank grid', { ids: ['id'] }),
  section('local-rank-grid/history', 'Rank grid history'),
  section('local-rank-grid/timelines', () =>
    isDevHost(window.location.hostname) ? 'Rank timelines: data check' : 'Rank timelines',
  ),
  // Reviews and posts
  section('products/reviews', 'Reviews'),
  section('products/posts', 'Posts'),
  section('products/:product_name/reviews/:product_id/:review_id', 'Review', {
    product: 'product_name',
    ids: ['product_id', 'review_id'],
  }),
  section('products/local-marketing-essentials/posts/:product_id/:post_id', 'Post', {
    ids: ['product_id', 'post_id'],
  }),
  // Products
  {
    path: 'products',
    loader: pageLoader({}),
    lazy: () => import('./routes/dashboard/products-page'),
  },
  section('products/ad-spec', 'Ad spec'),
  section('products/:product_name/qr-codes/:product_id', 'QR codes', {
    product: 'product_name',
    ids: ['product_id'],
  }),
  ...productSubPages,
  // Review solicitation
  section('review-solicitation/:product_id', 'Review requests', { ids: ['product_id'] }),
  section('review-solicitation/:product_type/:product_id', 'Review requests', {
    product: 'product_type',
    ids: ['product_id'],
  }),
  // Dev hosts only
  section('insite-blogs', 'InSite blogs', devOnly),
  section('products/on-hold', 'Products on hold', devOnly),
  section('products/on-hold-packages', 'Packages on hold', devOnly),
  section('products/social-calendar', 'Social calendar', devOnly),
  { path: 'test', loader: pageLoader(devOnly), lazy: () => import('./routes/dashboard/test-page') },
  { path: '*', lazy: () => import('./routes/in-app-not-found') },
];

/** Children of /trial (SPEC §2 "Trial area"). */
export const trialChildren: RouteObject[] = [
  section('overview', 'Trial overview'),
  section('profile', 'Profile'),
  section('my-alerts', 'My alerts'),
  section('local-rank-grid/live', 'Live rank grid'),
  section('local-rank-grid/view/:id', 'Rank grid', { ids: ['id'] }),
  section('local-rank-grid/history', 'Rank grid history'),
  { path: '*', lazy: () => import('./routes/in-app-not-found') },
];
