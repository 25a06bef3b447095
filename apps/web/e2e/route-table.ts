import { encodeId, PRODUCTS } from '@pinpoint/contracts';
import type { APIRequestContext } from '@playwright/test';

/**
 * SPEC §2's route table as the route walk (route-walk.spec.ts) visits it: every pattern,
 * with the demo agency's ids filled in, and what each role must meet there. Issue 22.
 */

export type Role = 'signedOut' | 'client' | 'owner' | 'employee' | 'admin' | 'lead';

/** The demo account each signed-in role walks as. */
export const WALK_ACCOUNTS: Record<Exclude<Role, 'signedOut'>, string> = {
  client: 'client@demo.pinpoint.local',
  owner: 'owner@demo.pinpoint.local',
  employee: 'employee@demo.pinpoint.local',
  admin: 'admin@demo.pinpoint.local',
  lead: 'lead@demo.pinpoint.local',
};

/**
 * What a visit must meet: the page itself (a level-1 heading, no placeholder, no error),
 * the not-found page (a malformed address, another role's page), the sign-in form (a
 * protected page signed out), or a redirect to the role's own area.
 */
export type Outcome = 'page' | 'not-found' | 'login' | 'dashboard' | 'trial';

/** The ids a role's visits need, read through the API as that role (null: it has none). */
export interface RoleIds {
  companyId: number | null;
  /** One product instance per catalog slug the role can see. */
  products: Map<string, number>;
  scanId: number | null;
  reviewId: { slug: string; productId: number; id: number } | null;
  postId: { slug: string; productId: number; id: number } | null;
  /** Staff only: a custom rank scan and a prospect workspace the walk made first. */
  customScanId: number | null;
  workspaceId: number | null;
}

export interface RouteCase {
  pattern: string;
  /** The address for a role, or null when that role has nothing to fill the pattern with. */
  path: (ids: RoleIds) => string | null;
  outcomes: Partial<Record<Role, Outcome>>;
}

const e = encodeId;
/** The address made from an id, or null when the role has no such record. */
const withId = (id: number | null, make: (id: number) => string) => (id === null ? null : make(id));
const product = (ids: RoleIds, slug: string) => {
  const id = ids.products.get(slug);
  return id === undefined ? null : e(id);
};

/** Signed in anywhere: the sign-in form when signed out, the trial for a lead. */
const dashboardFor = (roles: Partial<Record<Role, Outcome>>): Partial<Record<Role, Outcome>> => ({
  signedOut: 'login',
  lead: 'trial',
  ...roles,
});

const everyone = dashboardFor({ client: 'page', owner: 'page', employee: 'page', admin: 'page' });
const staff = dashboardFor({
  client: 'not-found',
  owner: 'not-found',
  employee: 'page',
  admin: 'page',
});
const adminOnly = dashboardFor({
  client: 'not-found',
  owner: 'not-found',
  employee: 'not-found',
  admin: 'page',
});
const trialOnly: Partial<Record<Role, Outcome>> = {
  signedOut: 'login',
  client: 'dashboard',
  employee: 'dashboard',
  lead: 'page',
};

const fixed = (pattern: string, outcomes: Partial<Record<Role, Outcome>>): RouteCase => ({
  pattern,
  path: () => pattern,
  outcomes,
});

/**
 * One case per product page and sub-page of the catalog (dev-only SEO Pro included), as the
 * client (its own products) and the admin (every product of the agency).
 */
const productOutcomes: Partial<Record<Role, Outcome>> = { client: 'page', admin: 'page' };
const productCases: RouteCase[] = PRODUCTS.flatMap((p) => [
  {
    pattern: `/dashboard/products/${p.slug}/{product_id}`,
    path: (ids: RoleIds) => {
      const id = product(ids, p.slug);
      return id && `/dashboard/products/${p.slug}/${id}`;
    },
    outcomes: productOutcomes,
  },
  ...p.subPages.map(
    (sub): RouteCase => ({
      pattern: `/dashboard/products/${p.slug}/{product_id}/${sub}`,
      path: (ids) => {
        const id = product(ids, p.slug);
        return id && `/dashboard/products/${p.slug}/${id}/${sub}`;
      },
      outcomes: productOutcomes,
    }),
  ),
  {
    pattern: `/dashboard/products/${p.slug}/qr-codes/{product_id}`,
    path: (ids: RoleIds) => {
      const id = product(ids, p.slug);
      return id && `/dashboard/products/${p.slug}/qr-codes/${id}`;
    },
    outcomes: productOutcomes,
  },
]);

export const ROUTE_TABLE: RouteCase[] = [
  // Top level and public pages
  fixed('/', { signedOut: 'page', client: 'page' }),
  fixed('/login', { signedOut: 'page' }),
  fixed('/signup', { signedOut: 'page' }),
  fixed('/status', { signedOut: 'page', client: 'page' }),
  fixed('/my-alerts', { signedOut: 'page' }),
  fixed('/forgot-password', { signedOut: 'page' }),
  fixed('/no/such/page', { signedOut: 'not-found', client: 'not-found' }),
  // Admin
  fixed('/dashboard/admin/lsa-verticals', adminOnly),
  fixed('/dashboard/admin/run-grids', adminOnly),
  fixed('/dashboard/admin/grid-report', adminOnly),
  // Employee
  fixed('/dashboard/employee', staff),
  fixed('/dashboard/employee/custom-rank/run', staff),
  {
    pattern: '/dashboard/employee/custom-rank/view/{id}',
    path: (ids) =>
      withId(ids.customScanId, (id) => `/dashboard/employee/custom-rank/view/${e(id)}`),
    outcomes: { employee: 'page' },
  },
  fixed('/dashboard/employee/custom-rank/created', staff),
  fixed('/dashboard/employee/top-lsa-clients', staff),
  fixed('/dashboard/employee/top-gbp-clients', staff),
  fixed('/dashboard/employee/timeline/search', staff),
  fixed('/dashboard/employee/ads-estimator', staff),
  fixed('/dashboard/employee/status', staff),
  fixed('/dashboard/employee/support-requests', staff),
  fixed('/dashboard/employee/omg-power-tool', staff),
  {
    pattern: '/dashboard/employee/omg-power-tool/{id}',
    path: (ids) => withId(ids.workspaceId, (id) => `/dashboard/employee/omg-power-tool/${e(id)}`),
    outcomes: { employee: 'page' },
  },
  // Client
  fixed('/dashboard/overview', everyone),
  {
    pattern: '/dashboard/overview/{company_id}',
    path: (ids) => withId(ids.companyId, (id) => `/dashboard/overview/${e(id)}`),
    outcomes: { client: 'page', owner: 'page', admin: 'page' },
  },
  fixed('/dashboard/activity', everyone),
  fixed('/dashboard/my-alerts', everyone),
  fixed('/dashboard/performance-report', everyone),
  fixed('/dashboard/leads-center', everyone),
  fixed('/dashboard/roi-center', everyone),
  fixed('/dashboard/billing', everyone),
  {
    pattern: '/dashboard/profile/{company_id}',
    path: (ids) => withId(ids.companyId, (id) => `/dashboard/profile/${e(id)}`),
    outcomes: { client: 'page', owner: 'page', admin: 'page' },
  },
  fixed('/dashboard/live-bug-reports', staff),
  fixed('/dashboard/live-login-reports', staff),
  fixed('/dashboard/dev-outbox', staff),
  // Local rank
  fixed('/dashboard/local-rank-grid/live', everyone),
  {
    pattern: '/dashboard/local-rank-grid/view/{id}',
    path: (ids) => withId(ids.scanId, (id) => `/dashboard/local-rank-grid/view/${e(id)}`),
    outcomes: { client: 'page', owner: 'page', admin: 'page' },
  },
  fixed('/dashboard/local-rank-grid/history', everyone),
  fixed('/dashboard/local-rank-grid/timelines', everyone),
  // Reviews and posts
  fixed('/dashboard/products/reviews', everyone),
  fixed('/dashboard/products/posts', everyone),
  {
    pattern: '/dashboard/products/{product_name}/reviews/{product_id}/{review_id}',
    path: ({ reviewId: r }) =>
      r && `/dashboard/products/${r.slug}/reviews/${e(r.productId)}/${e(r.id)}`,
    outcomes: { client: 'page', owner: 'page', admin: 'page' },
  },
  {
    pattern: '/dashboard/products/local-marketing-essentials/posts/{product_id}/{post_id}',
    path: ({ postId: p }) =>
      p && `/dashboard/products/${p.slug}/posts/${e(p.productId)}/${e(p.id)}`,
    outcomes: { client: 'page', owner: 'page', admin: 'page' },
  },
  // Products
  fixed('/dashboard/products', everyone),
  fixed('/dashboard/products/ad-spec', everyone),
  ...productCases,
  fixed('/dashboard/products/not-a-product/Ab3x9-Qk2Lm7/reviews', { client: 'not-found' }),
  // Review solicitation
  {
    pattern: '/dashboard/review-solicitation/{product_id}',
    path: (ids) => {
      const id = product(ids, 'google-business-pro');
      return id && `/dashboard/review-solicitation/${id}`;
    },
    outcomes: { client: 'page', owner: 'page', admin: 'page' },
  },
  {
    pattern: '/dashboard/review-solicitation/{product_type}/{product_id}',
    path: (ids) => {
      const id = product(ids, 'google-business-pro');
      return id && `/dashboard/review-solicitation/google-business-pro/${id}`;
    },
    outcomes: { client: 'page', owner: 'page', admin: 'page' },
  },
  // Dev hosts only (the walk runs on localhost, a dev host): staff pages.
  fixed('/dashboard/insite-blogs', staff),
  fixed('/dashboard/products/on-hold', staff),
  fixed('/dashboard/products/on-hold-packages', staff),
  fixed('/dashboard/products/social-calendar', staff),
  fixed('/dashboard/test', { employee: 'page' }),
  fixed('/dashboard/no-such-section', { client: 'not-found' }),
  // Trial area
  fixed('/trial/overview', trialOnly),
  fixed('/trial/profile', trialOnly),
  fixed('/trial/my-alerts', trialOnly),
  fixed('/trial/local-rank-grid/live', trialOnly),
  {
    pattern: '/trial/local-rank-grid/view/{id}',
    path: (ids) => withId(ids.scanId, (id) => `/trial/local-rank-grid/view/${e(id)}`),
    outcomes: { lead: 'page' },
  },
  fixed('/trial/local-rank-grid/history', trialOnly),
];

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const answer = await request.get(url);
  if (!answer.ok()) throw new Error(`${url} answered ${answer.status()}`);
  return (await answer.json()) as T;
}

/**
 * The ids a signed-in role's visits need, read the way the web app reads them: its
 * companies, their products, the first company's newest scan, one review and one post.
 */
export async function readRoleIds(request: APIRequestContext, role: Role): Promise<RoleIds> {
  const ids: RoleIds = {
    companyId: null,
    products: new Map(),
    scanId: null,
    reviewId: null,
    postId: null,
    customScanId: null,
    workspaceId: null,
  };
  if (role === 'signedOut') return ids;
  if (role === 'lead') {
    const me = await json<{ trialCompanyId: number | null }>(request, '/api/trial/me');
    if (me.trialCompanyId !== null) ids.scanId = await newestScan(request, me.trialCompanyId);
    return ids;
  }
  const { clients } = await json<{ clients: { id: number }[] }>(request, '/api/uni/user/clients');
  ids.companyId = clients[0]?.id ?? null;
  for (const client of clients) {
    const { items } = await json<{ items: { id: number; slug: string; status: string }[] }>(
      request,
      `/api/uni/client/products/${client.id}`,
    );
    for (const item of items)
      if (!ids.products.has(item.slug)) ids.products.set(item.slug, item.id);
  }
  if (ids.companyId !== null) ids.scanId = await newestScan(request, ids.companyId);
  for (const slug of ['google-business-pro', 'local-marketing-essentials', 'facebook-pro']) {
    const productId = ids.products.get(slug);
    if (productId === undefined) continue;
    if (!ids.reviewId) {
      const { items } = await json<{ items: { id: number }[] }>(
        request,
        `/api/uni/products/reviews/${productId}?pageSize=1`,
      );
      if (items[0]) ids.reviewId = { slug, productId, id: items[0].id };
    }
    if (!ids.postId && slug === 'local-marketing-essentials') {
      const { items } = await json<{ items: { id: number }[] }>(
        request,
        `/api/uni/products/socialposts/${productId}?pageSize=1`,
      );
      if (items[0]) ids.postId = { slug, productId, id: items[0].id };
    }
  }
  return ids;
}

async function newestScan(request: APIRequestContext, companyId: number) {
  const { scans } = await json<{ scans: { id: number }[] }>(
    request,
    `/api/localrank/latest/four?companyId=${companyId}`,
  );
  return scans[0]?.id ?? null;
}
