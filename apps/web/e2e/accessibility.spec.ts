import { expect, type Page, test } from '@playwright/test';
import { ROLE_ACCOUNTS, ROLE_PAGES } from './role-pages';
import { expectNoSeriousA11yViolations, logIn } from './session';

/**
 * axe-core on every built page (issue 8), as the role that sees it, once its content is on
 * screen: no serious or critical violation anywhere. The rank grid pages are also checked
 * in their own specs, in the states those tests reach (running scans, open dialogs…).
 */
async function checkPages(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Loading states are replaced by content (or an empty state) before checking.
    await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 10_000 });
    await test.step(`axe on ${path}`, () => expectNoSeriousA11yViolations(page));
  }
}

// Up to 12 pages, each waited for and scanned by axe: ~20 s alone, twice that on a busy
// machine, so more than the 30 s default.
test.describe.configure({ timeout: 120_000 });

test('signed-out pages', async ({ page }) => {
  await checkPages(page, ROLE_PAGES.signedOut);
});

test('the client’s pages', async ({ page }) => {
  await logIn(page, ROLE_ACCOUNTS.client);
  await checkPages(page, ROLE_PAGES.client);
  // The profile's path carries the company's encoded id: follow the sidebar to it.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Profile' })
    .click();
  await expect(page.getByRole('heading', { name: 'Company profile', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the staff pages', async ({ page }) => {
  await logIn(page, ROLE_ACCOUNTS.staff);
  await checkPages(page, ROLE_PAGES.staff);
});

test('the trial area', async ({ page }) => {
  await logIn(page, ROLE_ACCOUNTS.trial);
  await checkPages(page, ROLE_PAGES.trial);
});
