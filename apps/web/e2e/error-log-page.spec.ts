import { DEMO_PASSWORD } from '@pinpoint/contracts';
import { expect, test } from './fixtures';

test.describe('the error log page', () => {
  test('staff find a reported error, see its count and affected sets, and resolve it', async ({
    page,
    baseURL,
  }) => {
    const message = `Chart crashed ${Date.now()}`;
    for (const browser of ['Chrome 156', 'Firefox 140']) {
      const res = await page.request.post('/api/status/create', {
        headers: { origin: baseURL ?? '' },
        data: { message, page: '/dashboard/performance-report', browser },
      });
      expect(res.status()).toBe(200);
    }

    await page.goto('/login');
    await page.getByLabel('Email').fill('employee@demo.pinpoint.local');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/dashboard\/employee$/);

    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'System status' })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/employee\/status$/);
    await page.getByRole('searchbox', { name: 'Search message or page' }).fill(message);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(message) });
    await expect(row).toContainText('2');
    await expect(row).toContainText('2 browsers');
    await expect(row).toContainText('Open');

    await row.getByRole('button', { name: `Resolve: ${message}` }).click();
    await expect(page.getByText('No error logs match these filters.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Resolved filter' }).selectOption('true');
    await expect(page.getByRole('row', { name: new RegExp(message) })).toContainText('Resolved');
  });

  test('is not there for a client', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('client@demo.pinpoint.local');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(/\/dashboard\/overview$/);
    await page.goto('/dashboard/employee/status');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
