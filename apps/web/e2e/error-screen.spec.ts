import { DEMO_PASSWORD } from '@pinpoint/contracts';
import { expect, type Page, test } from '@playwright/test';

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/(dashboard|trial)\//);
}

async function breakThePage(page: Page) {
  page.on('pageerror', () => {}); // the thrown error is the point of the test
  await page.goto('/dashboard/test');
  await page.getByRole('button', { name: 'Throw test error' }).click();
  await expect(
    page.getByText('Error Reason: Test error thrown from /dashboard/test'),
  ).toBeVisible();
  // The stack is shown too (function names are minified in the build; frames are not).
  await expect(page.locator('pre')).toContainText(/\n\s+at /);
}

test.describe('the error screen', () => {
  test('"Try again" takes a client back to the dashboard', async ({ page }) => {
    await logIn(page, 'client@demo.pinpoint.local');
    await breakThePage(page);
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
  });

  test('"Try again" without a client id (an admin) goes to the landing page', async ({ page }) => {
    await logIn(page, 'admin@demo.pinpoint.local');
    await breakThePage(page);
    await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('"Log out" clears all storage, ends the session and goes to /', async ({ page }) => {
    await logIn(page, 'client@demo.pinpoint.local');
    await breakThePage(page);
    await page.getByRole('alert').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    expect((await page.request.get('/api/auth/session')).status()).toBe(401);
  });
});
