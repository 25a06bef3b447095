import { expect, test } from './fixtures';

test.describe('public pages', () => {
  test('the landing page says what Pinpoint is and leads to log in and sign up', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await expect(page).toHaveTitle('Pinpoint');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Know where you stand in local search.',
    );
    await expect(page.getByRole('img', { name: 'An example 5 by 5 rank grid' })).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in to Pinpoint' })).toBeVisible();

    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Start your free trial' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a deep link into the dashboard loads the app, which asks the visitor to log in', async ({
    page,
    pageProblems,
  }) => {
    // The session check answers 401, and the app goes to /login.
    pageProblems.expectErrorAnswer(401);
    const response = await page.goto('/dashboard/overview');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Foverview$/);
    await expect(page.getByRole('heading', { name: 'Log in to Pinpoint' })).toBeVisible();
  });

  test('a legacy #/ address becomes a normal path', async ({ page }) => {
    await page.goto('/#/signup');
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Start your free trial' })).toBeVisible();
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('/no/such/page')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the landing page fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the API documentation opens in the browser', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByText('Pinpoint API')).toBeVisible();
    await expect(page.getByText('/readyz').first()).toBeVisible();
  });
});
