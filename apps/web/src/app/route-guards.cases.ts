import 'fake-indexeddb/auto';
import { type AuthResponse, encodeId } from '@pinpoint/contracts';
import { createMemoryRouter, isRouteErrorResponse, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { sessionStore } from '../lib/session-store';
import { joinPath, type Visitor } from './route-registry';

/**
 * What the guard unit tests (route-guards*.test.ts) share: SPEC §2's routes as the spec
 * states them, what each visitor must meet there, and a memory router that runs the app's
 * real loaders (area session checks and page checks) for one address and visitor.
 * IndexedDB comes from fake-indexeddb: the session store keeps its key there.
 */

/** SPEC §2's sections, by who may open their pages. */
export type Section = 'public' | 'admin' | 'employee' | 'client' | 'devOnly' | 'trial';

/** What a visit meets: the page, the not-found page, the sign-in form, or a redirect. */
export type Outcome = 'page' | 'not-found' | 'login' | 'dashboard' | 'trial';

const section = (name: Section, patterns: string[]) =>
  patterns.map((pattern) => ({ section: name, pattern }));
const under = (prefix: string, paths: string[]) => paths.map((path) => `${prefix}${path}`);
const FIVE_SUB_PAGES = ['qa', 'reviews', 'listings', 'posts', 'photos'];
const productPages = (slug: string, subPages: string[] = []) => [
  `/dashboard/products/${slug}/{product_id}`,
  ...subPages.map((sub) => `/dashboard/products/${slug}/{product_id}/${sub}`),
];

/** SPEC §2, typed from the spec (not from the code), in its notation. */
export const SPEC_ROUTES = [
  ...section('public', ['/', '/login', '/signup', '/status', '/my-alerts']),
  ...section('admin', under('/dashboard/admin/', ['lsa-verticals', 'run-grids', 'grid-report'])),
  ...section('employee', [
    '/dashboard/employee',
    ...under('/dashboard/employee/', [
      'custom-rank/run',
      'custom-rank/view/{id}',
      'custom-rank/created',
      'top-lsa-clients',
      'top-gbp-clients',
      'timeline/search',
      'ads-estimator',
      'status',
      'omg-power-tool',
      'omg-power-tool/{id}',
    ]),
  ]),
  ...section('client', [
    '/dashboard/products/{product_name}/{product_id}',
    ...under('/dashboard/', [
      'overview',
      'overview/{company_id}',
      'activity',
      'my-alerts',
      'performance-report',
      'leads-center',
      'roi-center',
      'billing',
      'profile/{company_id}',
      'live-bug-reports',
      'live-login-reports',
      'local-rank-grid/live',
      'local-rank-grid/view/{id}',
      'local-rank-grid/history',
      'local-rank-grid/timelines',
      'products/reviews',
      'products/posts',
      'products/{product_name}/reviews/{product_id}/{review_id}',
      'products/local-marketing-essentials/posts/{product_id}/{post_id}',
      'products',
      'products/ad-spec',
      'products/{product_name}/qr-codes/{product_id}',
      'review-solicitation/{product_id}',
      'review-solicitation/{product_type}/{product_id}',
    ]),
    ...productPages('google-business-pro', FIVE_SUB_PAGES),
    ...productPages('local-marketing-essentials', FIVE_SUB_PAGES),
    ...productPages('tow-marketing-essentials', FIVE_SUB_PAGES),
    ...productPages('google-calls-advisor', FIVE_SUB_PAGES),
    ...productPages('managed-business-listings', ['listings', 'photos']),
    ...productPages('business-listings', ['listings', 'photos']),
    ...productPages('facebook-pro', ['reviews', 'posts']),
    ...productPages('google-ads', ['all-ads']),
    ...productPages('ads-xpress', ['all-ads']),
    ...[
      'facebook-ads',
      'local-services-ads',
      'webworx-professional',
      'website-hosting',
      'powerpage',
      'website',
      'omgincontact',
    ].flatMap((slug) => productPages(slug)),
  ]),
  ...section('devOnly', [
    '/dashboard/products/seo-pro/{product_id}',
    ...under('/dashboard/', [
      'insite-blogs',
      'products/on-hold',
      'products/on-hold-packages',
      'products/social-calendar',
      'test',
    ]),
  ]),
  ...section(
    'trial',
    under('/trial/', [
      'overview',
      'profile',
      'my-alerts',
      'local-rank-grid/live',
      'local-rank-grid/view/{id}',
      'local-rank-grid/history',
    ]),
  ),
];

/**
 * Where the code is stricter than SPEC §2, on purpose: these show every client's errors and
 * sign-ins, or are the agency's own work queues, so only staff open them.
 */
export const STAFF_ONLY = new Set([
  '/dashboard/live-bug-reports',
  '/dashboard/live-login-reports',
  '/dashboard/insite-blogs',
  '/dashboard/products/on-hold',
  '/dashboard/products/on-hold-packages',
  '/dashboard/products/social-calendar',
]);

/** Pages the code has beyond SPEC §2, and why. */
export const BEYOND_SPEC: Record<string, string> = {
  '/activate': 'an invited user sets a first password from the emailed link',
  '/forgot-password': 'asks for a password-reset email',
  '/reset-password': 'sets a new password from the emailed link',
  '/shared/scan': 'one rank grid scan opened by a signed link',
  '/shared/prospect-report': "a sales prospect's report opened by a signed link",
  '/dashboard/dev-outbox': 'staff read the emails and texts kept instead of sent',
  '/dashboard/employee/support-requests': 'staff answer the support requests clients send',
};

/** What a visitor must meet on a page of a section, on a dev host or elsewhere. */
export function expectedOutcome(
  where: { section: Section; pattern: string },
  visitor: Visitor,
  devHost: boolean,
): Outcome {
  if (where.section === 'public') return 'page';
  if (visitor === 'signedOut') return 'login';
  if (where.section === 'trial') return visitor === 'lead' ? 'page' : 'dashboard';
  if (visitor === 'lead') return 'trial';
  if (where.section === 'devOnly' && !devHost) return 'not-found';
  const staff = visitor === 'employee' || visitor === 'admin';
  if (where.section === 'admin') return visitor === 'admin' ? 'page' : 'not-found';
  if (where.section === 'employee' || STAFF_ONLY.has(where.pattern)) {
    return staff ? 'page' : 'not-found';
  }
  return 'page';
}

/** A SPEC pattern as an address: valid encoded ids, a real product for a product param. */
export const specPath = (pattern: string, id = encodeId(7)) =>
  pattern
    .replace(/\{(product_name|product_type)\}/g, 'google-business-pro')
    .replace(/\{[a-z_]+\}/g, id);

/** The router's notation of a SPEC pattern (`{id}` → `:id`). */
export const routerPattern = (pattern: string) => pattern.replace(/\{([a-z_]+)\}/g, ':$1');

/** The session check's answer for each signed-in visitor (flags as the demo accounts'). */
function authOf(visitor: Exclude<Visitor, 'signedOut'>): AuthResponse {
  const flags = {
    perm: visitor === 'employee',
    admin: visitor === 'admin',
    lead: visitor === 'lead',
  };
  return {
    session: { exp: Date.now() + 3_600_000, ...flags, clients: [], client: null },
    user: {
      clientId: null,
      index: 0,
      clientLabel: null,
      client: null,
      email: `${visitor}@demo.pinpoint.local`,
      firstName: 'Demo',
      lastName: visitor,
      phoneExt: null,
      auth_type: 'password',
      ...flags,
    },
  };
}

/** The server as the loaders reach it: only the session check, answered for `visitor`. */
function serveSessionCheck(visitor: Visitor) {
  const answer = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const inner = JSON.parse(String(init?.body ?? '{}')) as { url?: string };
    if (url === '/database/request' && inner.url === '/api/auth/session') {
      return visitor === 'signedOut'
        ? answer(401, { error: { code: 'UNAUTHENTICATED', message: 'Please sign in.' } })
        : answer(200, authOf(visitor));
    }
    if (url === '/database/request' && inner.url === '/api/auth/logout') return answer(204, {});
    throw new Error(`a guard asked the server for ${inner.url ?? url}`);
  });
}

/**
 * The tree without its page modules: the guards are the loaders, and rendering is not
 * wanted here. (The one page module with a loader, /dashboard/my-alerts, only reads the
 * companies the area's check left.)
 */
function withoutModules(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy: _module, ...rest } = route;
    return (
      route.children ? { ...rest, children: withoutModules(route.children) } : rest
    ) as RouteObject;
  });
}

type MemoryRouter = ReturnType<typeof createMemoryRouter>;

const settled = (router: MemoryRouter) =>
  new Promise<void>((resolve) => {
    const done = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (done()) return resolve();
    const stop = router.subscribe(() => {
      if (!done()) return;
      stop();
      resolve();
    });
  });

/** Opens `path` as `visitor` in a memory router over the app's route tree; what it met. */
export async function visit(tree: RouteObject[], path: string, visitor: Visitor) {
  // Signed out first, as the app signs out: the store's memory and storage both cleared.
  await sessionStore.clear();
  serveSessionCheck(visitor);
  const router = createMemoryRouter(withoutModules(tree), { initialEntries: [path] });
  try {
    await settled(router);
    const { location, errors, matches } = router.state;
    const outcome = ((): Outcome | string => {
      const asked = path.split('?')[0];
      if (location.pathname === '/login' && asked !== '/login') return 'login';
      const failures = Object.values(errors ?? {});
      if (failures.some((e) => isRouteErrorResponse(e) && e.status === 404)) return 'not-found';
      if (failures.length) return `error: ${String(failures[0])}`;
      if (matches.at(-1)?.route.path === '*') return 'not-found';
      if (location.pathname !== asked) {
        if (location.pathname.startsWith('/trial')) return 'trial';
        if (location.pathname.startsWith('/dashboard')) return 'dashboard';
        return `redirect to ${location.pathname}`;
      }
      return 'page';
    })();
    const pattern = matches
      .map((match) => match.route.path)
      .filter((part): part is string => Boolean(part) && part !== '*')
      .reduce(joinPath, '');
    return { outcome, pattern: outcome === 'page' ? pattern || '/' : null };
  } finally {
    router.dispose();
  }
}

/**
 * Every SPEC §2 route a visitor meets otherwise than `expectedOutcome` says, on a dev host
 * or not (the page's own host decides what the router does; this says what to expect).
 */
export async function wrongOutcomes(tree: RouteObject[], visitor: Visitor, devHost: boolean) {
  const wrong: string[] = [];
  for (const route of SPEC_ROUTES) {
    const expected = expectedOutcome(route, visitor, devHost);
    const { outcome } = await visit(tree, specPath(route.pattern), visitor);
    if (outcome !== expected) wrong.push(`${route.pattern}: ${outcome}, not ${expected}`);
  }
  return wrong;
}
