import { expect, test } from './fixtures';

test.describe('the status page', () => {
  test('signed out, it shows the API and the database operational with 90 days of history', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/status');
    await expect(page).toHaveURL(/\/status$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pinpoint status' })).toBeVisible();

    for (const name of ['API', 'Database']) {
      const card = page.getByRole('article', { name });
      await expect(card.getByTestId('component-status')).toHaveText('Operational');
      await expect(card).toContainText(/Response time \d+ ms/);
      const strip = card.getByRole('img', {
        name: `${name} uptime: daily uptime for the last 90 days`,
        exact: false,
      });
      await expect(strip).toBeVisible();
      await expect(strip.locator('span')).toHaveCount(90);
      // The server sampled at start, so today has data; the days before it have none.
      await expect(strip.locator('span').last()).toHaveAttribute('title', /: 100% uptime$/);
      await expect(strip.locator('span').first()).toHaveAttribute('title', /: no data$/);
      await expect(card).toContainText('100% uptime over the last 90 days');
    }
    await expect(page.getByRole('heading', { name: 'Data providers' })).toBeVisible();
    // The test server configures both social sign-in providers.
    await expect(page.getByRole('rowheader', { name: 'Google sign-in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('fits a 375 px screen without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/status');
    await expect(page.getByRole('article', { name: 'Database' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
