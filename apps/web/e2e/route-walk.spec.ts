import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { inGroups } from './role-pages';
import {
  type Outcome,
  ROUTE_TABLE,
  type Role,
  type RoleIds,
  type RouteCase,
  readRoleIds,
  WALK_ACCOUNTS,
} from './route-table';
import { expectNoSeriousA11yViolations, fillSmallScan, logIn } from './session';

/**
 * The route walk (issue 22): every pattern of SPEC §2's route table as every role — signed
 * out, client, owner, employee, admin and trial lead — with the demo agency's ids. A page a
 * role may open must show its heading with real content: no placeholder, no load error, no
 * error screen, no "Loading" left, no console error (the fixture fails the test on one);
 * axe-core finds no serious or critical violation on it (once per pattern). Every other
 * visit must meet the not-found page, the sign-in form or the role's own area.
 */

const ROLES: Role[] = ['signedOut', 'client', 'owner', 'employee', 'admin', 'lead'];

/** Words a page shows only when it is not built or failed to load. */
const PLACEHOLDERS =
  /not available yet|report is coming|coming soon|could not be loaded|Error Reason:|Something went wrong/i;

/** The visits of one role, in groups of at most this many per test (about 20–40 s each). */
const GROUP = 14;

/** Patterns whose page was already checked by axe, by the first role that opened it. */
const axeChecked = new Set<string>();

async function expectPage(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  // Content (or an empty state) has replaced every loading state.
  await expect(page.getByText(/^\s*Loading\b/)).toHaveCount(0);
  await expect(page.getByText(PLACEHOLDERS)).toHaveCount(0);
}

async function expectOutcome(page: Page, outcome: Outcome) {
  switch (outcome) {
    case 'page':
      return expectPage(page);
    case 'not-found':
      return expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    case 'login':
      await expect(page).toHaveURL(/\/login(\?|$)/);
      return expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    case 'dashboard':
      return expect(page).toHaveURL(/\/dashboard\//);
    case 'trial':
      return expect(page).toHaveURL(/\/trial\//);
  }
}

interface Visit {
  route: RouteCase;
  outcome: Outcome;
}

/** The role's visits: the patterns it has an outcome for (ids are filled in at run time). */
const visitsOf = (role: Role): Visit[] =>
  ROUTE_TABLE.flatMap((route) => {
    const outcome = route.outcomes[role];
    return outcome ? [{ route, outcome }] : [];
  });

/**
 * A role's tests: its visits in groups, except the catalog's product pages, which the
 * client has only some of (which ones is read at run time): those are one test of their own.
 */
function testsOf(role: Role): Visit[][] {
  const visits = visitsOf(role);
  const isProduct = (v: Visit) => v.route.pattern.includes('{product_id}');
  if (role !== 'client') return inGroups(visits, GROUP);
  return [
    ...inGroups(
      visits.filter((v) => !isProduct(v)),
      GROUP,
    ),
    visits.filter(isProduct),
  ];
}

/** Staff need a custom rank scan and a prospect workspace of their own to open them. */
async function makeStaffRecords(page: Page, ids: RoleIds) {
  const origin = new URL(page.url()).origin;
  const post = async (url: string, data: Record<string, unknown>) => {
    const answer = await page.request.post(url, { headers: { origin }, data });
    if (!answer.ok()) throw new Error(`${url} answered ${answer.status()}: ${await answer.text()}`);
    return (await answer.json()) as Record<string, unknown>;
  };
  const business = {
    placeId: `route-walk-${Date.now()}`,
    name: 'Route Walk Plumbing',
    lat: 30.2672,
    lng: -97.7431,
  };
  const prospect = await post('/api/sales/prospect', business);
  const scan = await post('/api/localrank/request', {
    companyId: prospect.companyId,
    keyword: 'plumber',
    size: 3,
    radius: 1,
    unit: 'mi',
    centre: { lat: business.lat, lng: business.lng },
  });
  ids.customScanId = scan.scanId as number;
  const workspace = await post('/api/sales/containers', {
    business: { ...business, placeId: `${business.placeId}-w` },
  });
  ids.workspaceId = workspace.id as number;
}

/**
 * A trial lead has a company, and scans, only once it has run one: the demo agency seeds
 * none, so a walk run on its own starts a small one through the trial's form (other tests
 * may have done so already; the quota is three a day).
 */
async function makeTrialScan(page: Page, ids: RoleIds) {
  await page.goto('/trial/local-rank-grid/live');
  await fillSmallScan(page, 'plumber');
  await page.getByRole('button', { name: /^Start scan/ }).click();
  await expect(page.getByTestId('live-scan-running')).toBeVisible();
  Object.assign(ids, await readRoleIds(page.request, 'lead'));
}

for (const role of ROLES) {
  const groups = testsOf(role);
  for (const [n, visits] of groups.entries()) {
    test(`route walk as ${role}, part ${n + 1} of ${groups.length}`, async ({
      page,
      pageProblems,
    }) => {
      test.slow(); // a dozen pages, each with its data, axe on the first visit of each
      if (role === 'signedOut') {
        // A protected page's calls meet no session before the sign-in form replaces it.
        pageProblems.expectErrorAnswer(401);
        await page.goto('/');
      } else {
        await logIn(page, WALK_ACCOUNTS[role], /\/(dashboard|trial)\//);
      }
      // The sign-in form is the page the signed-out visitor meets, not an open session.
      if (role !== 'signedOut') {
        const session = await page.request.get('/api/auth/session');
        expect(session.ok()).toBe(true);
      }
      const ids = await readRoleIds(page.request, role);
      if (visits.some((v) => v.route.pattern.includes('custom-rank/view/'))) {
        await makeStaffRecords(page, ids);
      }
      if (
        role === 'lead' &&
        ids.scanId === null &&
        visits.some((v) => v.route.path(ids) === null)
      ) {
        await makeTrialScan(page, ids);
      }
      let visited = 0;
      for (const { route, outcome } of visits) {
        const path = route.path(ids);
        if (path === null) continue;
        await test.step(`${outcome}: ${path}`, async () => {
          await page.goto(path);
          await expectOutcome(page, outcome);
          if (outcome === 'page' && !axeChecked.has(route.pattern)) {
            axeChecked.add(route.pattern);
            await expectNoSeriousA11yViolations(page);
          }
        });
        visited += 1;
      }
      // A group whose every pattern lacked ids would prove nothing.
      expect(visited).toBeGreaterThan(0);
    });
  }
}

test('the walk covers every pattern with a page for at least one role', () => {
  // Every pattern is opened as a page by some role (the not-found cases excepted).
  const withoutPage = ROUTE_TABLE.filter(
    (route) =>
      !Object.values(route.outcomes).includes('page') &&
      !Object.values(route.outcomes).includes('not-found'),
  );
  expect(withoutPage.map((r) => r.pattern)).toEqual([]);
  expect(ROUTE_TABLE.length).toBeGreaterThan(100);
});
