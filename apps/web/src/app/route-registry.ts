import type { RouteObject } from 'react-router';
import { routeTree } from './route-tree';
import type { PageLoader } from './routes/guards';
import type { PageRules } from './routes/page-rules';

/**
 * The app's pages as data, read from the route tree itself (./route-tree): the one list of
 * routes. The guard unit test checks it against SPEC §2 and runs every guard over it; the
 * browser walk (e2e/route-walk.spec.ts) visits every page it lists, as every visitor whose
 * guards let them in.
 */

/** Where a page lives: no session needed, the dashboard, or the trial area. */
export type Area = 'public' | 'dashboard' | 'trial';

/** Who opens pages, as the guards tell them apart. */
export type Visitor = 'signedOut' | 'client' | 'employee' | 'admin' | 'lead';

export const VISITORS: readonly Visitor[] = ['signedOut', 'client', 'employee', 'admin', 'lead'];

export interface RegisteredPage {
  /** The full path pattern in the router's notation (`/dashboard/overview/:company_id`). */
  pattern: string;
  area: Area;
  /** The page's own checks: ids, product slug, dev hosts, role (./routes/guards). */
  rules: PageRules;
}

const AREA_IDS: Record<string, Area> = {
  dashboard: 'dashboard',
  'product-page': 'dashboard',
  trial: 'trial',
};

/** A child route's path under its parent's (an absolute child path stands alone). */
export const joinPath = (base: string, path: string | undefined) => {
  if (!path) return base;
  if (path.startsWith('/')) return path;
  return `${base === '/' ? '' : base}/${path}`;
};

const rulesOf = (route: RouteObject): PageRules =>
  (route.loader as Partial<PageLoader> | undefined)?.rules ?? {};

/**
 * Every page of a route tree: a route that loads a module and has no children. Frames
 * (layouts), redirects (an index with only a loader) and the not-found catch-alls are not
 * pages; rules of a pathless frame (the product sub-pages') apply to its pages too.
 */
export function pagesOf(
  routes: RouteObject[],
  base = '',
  area: Area = 'public',
  inherited: PageRules = {},
): RegisteredPage[] {
  return routes.flatMap((route): RegisteredPage[] => {
    const pattern = joinPath(base, route.path);
    const routeArea = (route.id && AREA_IDS[route.id]) || area;
    const rules = { ...inherited, ...rulesOf(route) };
    if (route.children?.length) return pagesOf(route.children, pattern, routeArea, rules);
    if (!route.lazy || route.path === '*') return [];
    return [{ pattern: pattern || '/', area: routeArea, rules }];
  });
}

/** The pages of the app, in the order of its route tree. */
export const ROUTE_REGISTRY: readonly RegisteredPage[] = pagesOf(
  routeTree({ error: null, loading: null }),
);

/**
 * The visitors whose guards let them open a page on a dev host (localhost, where the
 * browser tests run): anyone on a public page, the signed-in dashboard users on a dashboard
 * page (employees and admins on an employee tool, admins on an admin tool), trial leads on
 * a trial page. Elsewhere, dev-only pages are not found for anyone.
 */
export function visitorsOf(page: RegisteredPage): Visitor[] {
  if (page.area === 'public') return [...VISITORS];
  if (page.area === 'trial') return ['lead'];
  if (page.rules.role === 'admin') return ['admin'];
  if (page.rules.role === 'employee') return ['employee', 'admin'];
  return ['client', 'employee', 'admin'];
}
