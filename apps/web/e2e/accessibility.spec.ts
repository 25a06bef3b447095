import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { inGroups, ROLE_ACCOUNTS, ROLE_PAGES } from './role-pages';
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
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await test.step(`axe on ${path}`, () => expectNoSeriousA11yViolations(page));
  }
}

/** Three pages a test: about 10 s alone, and room to spare on a busy machine. */
const GROUP = 3;

for (const [n, paths] of inGroups(ROLE_PAGES.signedOut, GROUP).entries()) {
  test(`signed-out pages, part ${n + 1}: ${paths.join(', ')}`, async ({ page }) => {
    await checkPages(page, paths);
  });
}

for (const role of ['client', 'staff', 'trial'] as const) {
  const groups = inGroups(ROLE_PAGES[role], GROUP);
  for (const [n, paths] of groups.entries()) {
    test(`the ${role} pages, part ${n + 1}: ${paths.join(', ')}`, async ({ page }) => {
      await logIn(page, ROLE_ACCOUNTS[role]);
      await checkPages(page, paths);
      if (role === 'client' && n === groups.length - 1) {
        // The profile's path carries the company's encoded id: follow the sidebar to it.
        await page
          .getByRole('navigation', { name: 'Sections' })
          .getByRole('link', { name: 'Profile' })
          .click();
        await expect(
          page.getByRole('heading', { name: 'Company profile', level: 1 }),
        ).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      }
    });
  }
}
