import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, logIn } from './session';

/**
 * axe-core on every built page (issue 8), as the role that sees it, once its content is on
 * screen: no serious or critical violation anywhere. The rank grid pages are also checked
 * in their own specs, in the states those tests reach (running scans, open dialogs…).
 */
async function checkPages(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Loading states are replaced by content (or an empty state) before checking.
    await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 10_000 });
    await test.step(`axe on ${path}`, () => expectNoSeriousA11yViolations(page));
  }
}

test('signed-out pages', async ({ page }) => {
  await checkPages(page, ['/', '/login', '/signup', '/status', '/my-alerts']);
});

test('the client’s pages', async ({ page }) => {
  await logIn(page, 'client@demo.pinpoint.local');
  await checkPages(page, [
    '/dashboard/overview',
    '/dashboard/activity',
    '/dashboard/my-alerts',
    '/dashboard/products',
    '/dashboard/local-rank-grid/live',
    '/dashboard/local-rank-grid/history',
    '/dashboard/local-rank-grid/timelines',
  ]);
  // The profile's path carries the company's encoded id: follow the sidebar to it.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { name: 'Company profile', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the staff pages', async ({ page }) => {
  await logIn(page, 'admin@demo.pinpoint.local');
  await checkPages(page, [
    '/dashboard/employee',
    '/dashboard/employee/custom-rank/run',
    '/dashboard/employee/custom-rank/created',
    '/dashboard/employee/top-gbp-clients',
    '/dashboard/employee/top-lsa-clients',
    '/dashboard/employee/timeline/search',
    '/dashboard/employee/status',
    '/dashboard/live-bug-reports',
    '/dashboard/live-login-reports',
    '/dashboard/admin/run-grids',
    '/dashboard/admin/grid-report',
    '/dashboard/admin/lsa-verticals',
  ]);
});

test('the trial area', async ({ page }) => {
  await logIn(page, 'lead@demo.pinpoint.local');
  await checkPages(page, [
    '/trial/overview',
    '/trial/profile',
    '/trial/my-alerts',
    '/trial/local-rank-grid/live',
    '/trial/local-rank-grid/history',
  ]);
});
