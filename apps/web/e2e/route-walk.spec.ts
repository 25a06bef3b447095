import { encodeId, PRODUCTS } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import {
  type RegisteredPage,
  ROUTE_REGISTRY,
  type Visitor,
  visitorsOf,
} from '../src/app/route-registry';
import type { DemoAccount } from './demo-sessions';
import { expect, test } from './fixtures';
import { inGroups } from './role-pages';
import { expectNoSeriousA11yViolations, openAs } from './session';
import { makeStaffRecords, makeTrialScan, readWalkIds, type WalkIds } from './walk-ids';

/**
 * The route walk: every page of the app's route registry (src/app/route-registry.ts, read
 * from the route tree), as every walker whose guards let them in, with the demo agency's
 * ids. A group opens its first page with a page load and the rest inside the app (a
 * history navigation). Each visit must show the page's level-1 heading with real content:
 * no placeholder, no load error, no error screen, no "Loading" left, no console error (the
 * fixture fails the test on one); axe-core finds no serious or critical violation (once
 * per pattern).
 * Refusals (not-found, the sign-in redirect, role areas, dev hosts, the trial area) are
 * unit tests over the same registry: src/app/route-guards.test.ts.
 */

type Walker = 'signedOut' | 'client' | 'owner' | 'employee' | 'admin' | 'lead';

/** The demo account each walker signs in as; the owner is a client with three companies. */
const ACCOUNTS: Record<Exclude<Walker, 'signedOut'>, DemoAccount> = {
  client: 'client@demo.pinpoint.local',
  owner: 'owner@demo.pinpoint.local',
  employee: 'employee@demo.pinpoint.local',
  admin: 'admin@demo.pinpoint.local',
  lead: 'lead@demo.pinpoint.local',
};
const WALKERS = ['signedOut', ...Object.keys(ACCOUNTS)] as Walker[];
const visitorOf = (walker: Walker): Visitor => (walker === 'owner' ? 'client' : walker);

/** Words a page shows only when it is not built or failed to load. */
const PLACEHOLDERS =
  /not available yet|report is coming|coming soon|could not be loaded|Error Reason:|Something went wrong/i;

/** Visits per test, at most (about 20–40 s each on a busy machine). */
const GROUP = 16;

/** Patterns whose page axe already checked, as the first walker that opened it. */
const axeChecked = new Set<string>();

/** A walk visit: the address, and the pattern it stands for (a product's slug filled in). */
interface Visit {
  pattern: string;
  path: string;
}

/** No demo record to fill a pattern with: the walk fails naming it, never skips in silence. */
class MissingDemoData extends Error {}

const PRODUCT_SLUGS = PRODUCTS.map((product) => product.slug);
/** The one catalog product a sub-page pattern belongs to (`/products/qa-slug/:id/qa`). */
const slugIn = (pattern: string) =>
  PRODUCT_SLUGS.find((slug) => pattern.includes(`/products/${slug}/`));

/**
 * The addresses of one page for a walker. The admin opens the product page and QR codes of
 * every catalog product (and must have each), another walker those of one of its own; a
 * product's sub-page when the walker has that product (the admin must); a page of one
 * record with the walker's first.
 * Only the admin sees every product, so another walker without a product opens none of its
 * pages; a walker missing any other record fails the walk.
 */
function visitsOf(page: RegisteredPage, walker: Walker, ids: WalkIds): Visit[] {
  const { pattern } = page;
  const need = <T>(value: T | null | undefined, what: string): T => {
    if (value === null || value === undefined) {
      throw new MissingDemoData(`${pattern} as ${walker}: the demo has no ${what}`);
    }
    return value;
  };
  const mustHaveAll = walker === 'admin';
  const fill = (path: string, values: Record<string, number | string | null>) =>
    path.replace(/:([a-z_]+)/g, (_, name: string) => {
      const value = need(values[name], name);
      return typeof value === 'number' ? encodeId(value) : value;
    });
  if (!pattern.includes(':')) return [{ pattern, path: pattern }];
  if (/^\/dashboard\/products\/:product_name\/(qr-codes\/)?:product_id$/.test(pattern)) {
    // Each kind of product page once, as the admin; another walker opens one of its own.
    const slugs = mustHaveAll ? PRODUCT_SLUGS : [...ids.products.keys()].slice(0, 1);
    need(slugs.length ? slugs : null, 'product');
    return slugs.map((slug) => {
      const productId = need(ids.products.get(slug), `${slug} product`);
      const path = fill(pattern, { product_name: slug, product_id: productId });
      return { pattern: pattern.replace(':product_name', slug), path };
    });
  }
  const slug = slugIn(pattern);
  if (slug) {
    const productId = ids.products.get(slug);
    if (productId === undefined && !mustHaveAll) return [];
    return [{ pattern, path: fill(pattern, { product_id: need(productId, `${slug} product`) }) }];
  }
  if (pattern.includes(':review_id')) {
    const review = need(ids.reviewId, 'review');
    const values = {
      product_name: review.slug,
      product_id: review.productId,
      review_id: review.id,
    };
    return [{ pattern, path: fill(pattern, values) }];
  }
  // A post belongs to a Local Marketing Essentials product, which not every client has.
  if (pattern.includes(':post_id')) {
    if (!ids.products.has('local-marketing-essentials') && !mustHaveAll) return [];
    const post = need(ids.postId, 'local-marketing-essentials post');
    const values = { product_name: post.slug, product_id: post.productId, post_id: post.id };
    return [{ pattern, path: fill(pattern, values) }];
  }
  // Review requests go out from a Google Business Profile product.
  if (pattern.startsWith('/dashboard/review-solicitation/')) {
    const productId = ids.products.get('google-business-pro');
    if (productId === undefined && !mustHaveAll) return [];
    const values = {
      product_type: 'google-business-pro',
      product_id: need(productId, 'google-business-pro product'),
    };
    return [{ pattern, path: fill(pattern, values) }];
  }
  const id = pattern.includes('/custom-rank/')
    ? ids.customScanId
    : pattern.includes('/omg-power-tool/')
      ? ids.workspaceId
      : ids.scanId;
  return [{ pattern, path: fill(pattern, { company_id: ids.companyId, id }) }];
}

/** Pages of one product kind: a walker other than the admin opens them only with it. */
const belongsToAProduct = (page: RegisteredPage) =>
  slugIn(page.pattern) !== undefined ||
  page.pattern.includes(':post_id') ||
  page.pattern.startsWith('/dashboard/review-solicitation/');

/**
 * Opens `path` inside the running app, as Back and Forward do (a history navigation, no
 * reload), and waits until the router shows it: the frame's `data-path` is the address of
 * the page on screen (src/components/navigation-progress.tsx). A page load per visit made
 * the walk mostly app start-ups; each group's first visit is still a full load.
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  const frame = page.getByTestId('navigation-progress');
  await expect(frame).toHaveAttribute('data-path', path);
  await expect(frame).toHaveAttribute('data-busy', 'false');
}

async function expectPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  // Content (or an empty state) has replaced every loading state.
  await expect(page.getByText(/^\s*Loading\b/)).toHaveCount(0);
  await expect(page.getByText(PLACEHOLDERS)).toHaveCount(0);
}

/** The registry's pages a walker's guards let in, in the registry's order. */
const pagesOf = (walker: Walker) =>
  ROUTE_REGISTRY.filter((page) => visitorsOf(page).includes(visitorOf(walker)));

for (const walker of WALKERS) {
  const groups = inGroups(pagesOf(walker), GROUP);
  for (const [n, pages] of groups.entries()) {
    test(`route walk as ${walker}, part ${n + 1} of ${groups.length}`, async ({
      page,
      pageProblems,
    }) => {
      test.slow(); // a dozen pages, each with its data, axe on the first visit of each
      // The signed-out visitor's session check is answered 401, as it should be.
      if (walker === 'signedOut') pageProblems.expectErrorAnswer(401);
      if (walker === 'signedOut') await page.goto('/');
      else await openAs(page, ACCOUNTS[walker]);
      const area = walker === 'signedOut' ? 'public' : walker === 'lead' ? 'trial' : 'dashboard';
      const ids = await readWalkIds(page.request, area);
      const opens = (fragment: string) => pages.some((p) => p.pattern.includes(fragment));
      if (opens('/custom-rank/view/') || opens('/omg-power-tool/:id')) {
        await makeStaffRecords(page, ids);
      }
      if (walker === 'lead' && ids.scanId === null && opens('/local-rank-grid/view/')) {
        await makeTrialScan(page, ids);
      }
      const visits = pages.flatMap((registered) => visitsOf(registered, walker, ids));
      for (const [n, visit] of visits.entries()) {
        await test.step(visit.path, async () => {
          if (n === 0) await page.goto(visit.path);
          else await openInApp(page, visit.path);
          await expectPage(page);
          if (!axeChecked.has(visit.pattern)) {
            axeChecked.add(visit.pattern);
            await expectNoSeriousA11yViolations(page);
          }
        });
      }
      // A group that opened nothing would prove nothing, unless each of its pages belongs
      // to a product this walker lacks (the admin, who has every product, opens those).
      if (visits.length === 0) expect(pages.every(belongsToAProduct)).toBe(true);
    });
  }
}

test('the walk opens every registered page as some walker', () => {
  const unwalked = ROUTE_REGISTRY.filter((page) =>
    WALKERS.every((walker) => !pagesOf(walker).includes(page)),
  );
  expect(unwalked.map((page) => page.pattern)).toEqual([]);
  expect(ROUTE_REGISTRY.length).toBeGreaterThan(80);
});
