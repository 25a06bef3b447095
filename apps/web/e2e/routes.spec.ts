import { encodeId } from '@pinpoint/contracts';
import { type Browser, chromium, type Page } from '@playwright/test';
import { findDemoProduct, hasSubPage } from './demo-products';
import { expect, test } from './fixtures';
import { E2E_PORT } from './ports';
import { openAs } from './session';

const port = E2E_PORT;

const notFound = (page: Page) =>
  expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

test.describe('the dashboard route table', () => {
  test('pages carry encoded ids; a malformed id shows not-found inside the dashboard', async ({
    page,
    pageProblems,
  }) => {
    // A well-formed id of no scan is answered 404 on purpose.
    pageProblems.expectErrorAnswer(404, 'No such scan.');
    // A well-formed id reaches the page, which then says the scan is not this client's.
    await openAs(
      page,
      'client@demo.pinpoint.local',
      `/dashboard/local-rank-grid/view/${encodeId(99_999_999)}`,
    );
    await expect(page.getByRole('heading', { name: 'Rank grid' })).toBeVisible();
    await expect(page.getByText('This scan does not exist or is not one of yours.')).toBeVisible();

    for (const bad of ['42', 'abc+9-xxxxxxxxxx', `${encodeId(42)}x`]) {
      await page.goto(`/dashboard/local-rank-grid/view/${bad}`);
      await notFound(page);
      await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
    }
  });

  test('product pages know the catalog', async ({ page, pageProblems }) => {
    // A well-formed id of no product is refused by the server on purpose.
    pageProblems.expectErrorAnswer(403, 'You do not have access to this.');
    // One of the owner's products that has a reviews page, as the API lists them.
    const product = await findDemoProduct(
      'owner@demo.pinpoint.local',
      'a product with reviews',
      hasSubPage('reviews'),
    );
    await openAs(
      page,
      'owner@demo.pinpoint.local',
      `/dashboard/products/${product.slug}/${encodeId(product.id)}/reviews`,
    );
    await expect(page.getByRole('heading', { name: `${product.name}: Reviews` })).toBeVisible();
    await page.goto(`/dashboard/products/not-a-product/${encodeId(product.id)}/reviews`);
    await notFound(page);
    // The product page sits outside the dashboard layout, with a top bar of its own.
    await page.goto(`/dashboard/products/google-ads/${encodeId(99_999_999)}`);
    await expect(page.getByTestId('product-refused')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  });

  // Every product page and sub-page, the staff pages as each role, and the rest of SPEC §2's
  // table: route-walk.spec.ts (issue 22).

  test('the trial index goes to the trial overview', async ({ page }) => {
    await openAs(page, 'lead@demo.pinpoint.local', '/trial');
    await expect(page).toHaveURL(/\/trial\/overview$/);
    await page.goto('/trial/local-rank-grid/history');
    await expect(page.getByRole('heading', { name: 'Rank grid history' })).toBeVisible();
  });
});

test.describe('hosts', () => {
  let other: Browser;
  test.beforeAll(async () => {
    // Names that are not dev hosts, resolved to this machine by Chromium itself.
    other = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--host-resolver-rules=MAP pinpoint.test 127.0.0.1, MAP www.pinpoint.test 127.0.0.1',
      ],
    });
  });
  test.afterAll(() => other.close());

  test('dev-only pages and the timelines variant depend on the host', async ({
    page,
    pageProblems,
  }) => {
    pageProblems.watchBrowser(other);
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/test');
    await expect(page.getByRole('heading', { name: 'Test page' })).toBeVisible();
    await page.goto('/dashboard/local-rank-grid/timelines');
    await expect(page.getByRole('heading', { name: 'Rank timelines: data check' })).toBeVisible();

    const base = `http://pinpoint.test:${port}`;
    const remote = await other.newPage({ baseURL: base });
    await openAs(remote, 'client@demo.pinpoint.local', `${base}/dashboard/test`);
    await notFound(remote);
    // Issue 21's dev-only staff pages too (the client is refused them anyway; staff are
    // checked in dev-pages.spec.ts).
    for (const path of [
      '/dashboard/insite-blogs',
      '/dashboard/products/on-hold',
      '/dashboard/products/on-hold-packages',
      '/dashboard/products/social-calendar',
    ]) {
      await remote.goto(`${base}${path}`);
      await notFound(remote);
    }
    await remote.goto(`${base}/dashboard/local-rank-grid/timelines`);
    await expect(
      remote.getByRole('heading', { name: 'Rank timelines', exact: true }),
    ).toBeVisible();
    // No demo accounts on the login page away from dev hosts.
    await remote.goto(`${base}/login`);
    await expect(remote.getByText('Demo accounts')).toHaveCount(0);
    await remote.close();
  });

  test('a www. host redirects to the bare host, keeping path, query and hash', async ({
    pageProblems,
  }) => {
    pageProblems.watchBrowser(other);
    const page = await other.newPage();
    await page.goto(`http://www.pinpoint.test:${port}/signup?ref=ad#plans`);
    await expect(page).toHaveURL(`http://pinpoint.test:${port}/signup?ref=ad#plans`);
    await expect(page.getByRole('heading', { name: 'Start your free trial' })).toBeVisible();
    await page.close();
  });
});
