import { expect, test } from './fixtures';
import { ROLE_PAGES } from './role-pages';
import { ROUTE_TABLE } from './route-table';
import { expectNoSeriousA11yViolations } from './session';

/**
 * axe-core on the built pages the route walk (route-walk.spec.ts) does not open: it checks
 * every page of SPEC §2's route table, as the first role that opens it (issue 22), so this
 * spec keeps only the signed-out pages outside that table (account activation, password
 * reset). The rank grid pages are also checked in their own specs, in the states those
 * tests reach (running scans, open dialogs…).
 */
const walked = new Set(ROUTE_TABLE.map((route) => route.pattern));
const notWalked = ROLE_PAGES.signedOut.filter((path) => !walked.has(path));

test('every built page of the role lists is walked or checked here', () => {
  const signedIn = [...ROLE_PAGES.client, ...ROLE_PAGES.staff, ...ROLE_PAGES.trial];
  expect(signedIn.filter((path) => !walked.has(path))).toEqual([]);
  expect(notWalked.length).toBeGreaterThan(0);
});

test(`signed-out pages outside the route table: ${notWalked.join(', ')}`, async ({ page }) => {
  for (const path of notWalked) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Loading states are replaced by content (or an empty state) before checking.
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await test.step(`axe on ${path}`, () => expectNoSeriousA11yViolations(page));
  }
});
