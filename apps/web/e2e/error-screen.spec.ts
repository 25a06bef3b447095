import type { Page } from '@playwright/test';
import { expect, type PageProblems, test } from './fixtures';
import { logIn, openAs } from './session';

/** The page with a button that throws (open it first, signed in). */
const TEST_PAGE = '/dashboard/test';

async function breakThePage(page: Page, problems: PageProblems) {
  // The thrown error is the point of these tests (React Router logs it too).
  problems.expect(/Test error thrown from \/dashboard\/test/);
  await page.getByRole('button', { name: 'Throw test error' }).click();
  await expect(
    page.getByText('Error Reason: Test error thrown from /dashboard/test'),
  ).toBeVisible();
  // The stack is shown too (function names are minified in the build; frames are not).
  await expect(page.locator('pre')).toContainText(/\n\s+at /);
}

test.describe('the error screen', () => {
  test('"Try again" takes a client back to the dashboard', async ({ page, pageProblems }) => {
    await openAs(page, 'client@demo.pinpoint.local', TEST_PAGE);
    await breakThePage(page, pageProblems);
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
  });

  test('"Try again" without a client id (an admin) goes to the landing page', async ({
    page,
    pageProblems,
  }) => {
    await openAs(page, 'admin@demo.pinpoint.local', TEST_PAGE);
    await breakThePage(page, pageProblems);
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('"Log out" clears all storage, ends the session and goes to /', async ({
    page,
    pageProblems,
  }) => {
    // Its own session, through the login form: logging out ends it (the shared one lives on).
    await logIn(page, 'client@demo.pinpoint.local');
    await page.goto(TEST_PAGE);
    await breakThePage(page, pageProblems);
    await page.getByRole('alert').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    expect((await page.request.get('/api/auth/session')).status()).toBe(401);
  });
});
