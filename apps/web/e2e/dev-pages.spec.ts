import { encodeId } from '@pinpoint/contracts';
import { type Browser, chromium, type Page } from '@playwright/test';
import { findDemoProduct } from './demo-products';
import { expect, test } from './fixtures';
import { E2E_PORT } from './ports';
import { openAs } from './session';

/** The dev-only staff pages (SPEC §2 and §6, issue 21). */
const DEV_PAGES = [
  '/dashboard/insite-blogs',
  '/dashboard/products/on-hold',
  '/dashboard/products/on-hold-packages',
  '/dashboard/products/social-calendar',
];

const notFound = (page: Page) =>
  expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

/** One of the demo employee's SEO Pro products, as the API lists them. */
const seoProduct = () =>
  findDemoProduct(
    'employee@demo.pinpoint.local',
    'an SEO Pro product',
    (p) => p.slug === 'seo-pro',
  );

test.describe('the dev-only staff pages on a dev host', () => {
  test('SEO Pro shows synced keyword positions and the pages that rank', async ({ page }) => {
    const product = await seoProduct();
    await openAs(page, product.account, `/dashboard/products/seo-pro/${encodeId(product.id)}`);
    const report = page.getByTestId('seo-pro-report');
    await expect(report.getByTestId('seo-freshness')).toContainText('Last synced');
    const keywords = page.getByTestId('seo-keywords').locator('tbody tr');
    await expect(keywords.first()).toBeVisible();
    expect(await keywords.count()).toBeGreaterThanOrEqual(2);
    // A position is a number or, for a keyword out of the results, says so.
    await expect(keywords.first().locator('td').first()).toHaveText(/^(\d+|not in top 100)$/);
    const pages = page.getByTestId('seo-pages').locator('tbody tr');
    await expect(pages.first()).toContainText('https://');
    await expect(page.getByRole('figure')).toContainText('Keyword positions');
  });

  test('InSite blogs lists posts per state and opens a safe preview', async ({ page }) => {
    await openAs(page, 'employee@demo.pinpoint.local', '/dashboard/insite-blogs');
    await expect(page.getByRole('heading', { name: 'InSite blogs' })).toBeVisible();
    const rows = page.getByTestId('blog-row');
    await expect(rows.first()).toBeVisible();
    const published = Number(await page.getByTestId('blog-count-published').textContent());
    expect(published).toBeGreaterThan(0);
    await page.getByLabel('State', { exact: true }).selectOption('published');
    await expect(rows).toHaveCount(Math.min(published, 20));
    await expect(rows.first()).toContainText('Published');
    const title = (await rows.first().getByRole('button').textContent()) ?? '';
    await rows.first().getByRole('button').click();
    const preview = page.getByRole('dialog', { name: title });
    await expect(preview.getByTestId('blog-preview')).toBeVisible();
    await expect(preview.getByRole('heading', { name: 'What matters most' })).toBeVisible();
    await expect(preview.getByRole('listitem').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
  });

  test('products and packages on hold show why, since when and the revenue paused', async ({
    page,
  }) => {
    await openAs(page, 'employee@demo.pinpoint.local', '/dashboard/products/on-hold');
    await expect(page.getByTestId('on-hold-totals')).toContainText(/\d+ products? on hold/);
    await expect(page.getByTestId('on-hold-totals')).toContainText('$');
    const held = page.getByTestId('held-product');
    await expect(held.first()).toBeVisible();
    await expect(held.first()).toContainText(/\/mo$/);
    await expect(held.first()).toContainText(/\d\d\/\d\d\/\d{4} \(\d+ days?\)/);

    await page.goto('/dashboard/products/on-hold-packages');
    const packages = page.getByTestId('held-package');
    await expect(packages.first()).toBeVisible();
    await expect(packages.first()).toContainText(/Whole package|\d+ of \d+/);
  });

  test('the social calendar shows posts and moves between months by keyboard', async ({ page }) => {
    await openAs(page, 'employee@demo.pinpoint.local', '/dashboard/products/social-calendar');
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible();
    const month = page.getByTestId('calendar-month');
    const thisMonth = (await month.textContent()) ?? '';
    await expect(page.getByTestId('calendar-total')).toContainText(/\d+ posts? this month/);
    // The demo's synced history has published posts in the months before this one.
    await page.getByRole('button', { name: '‹ Previous month' }).click();
    await expect(month).not.toHaveText(thisMonth);
    await expect(page.getByTestId('calendar-chip').first()).toBeVisible();
    await expect(page.getByTestId('calendar-chip').first()).toContainText(
      /\d\d:\d\d (Google|Facebook)/,
    );
    const lastMonth = (await month.textContent()) ?? '';

    // Keyboard: the one focusable day takes Tab; arrows move by day; Page Down by month.
    const focusable = grid.locator('td[tabindex="0"]');
    await focusable.focus();
    const day = await focusable.getAttribute('data-day');
    await page.keyboard.press('ArrowRight');
    await expect(grid.locator('td:focus')).not.toHaveAttribute('data-day', day ?? '');
    await page.keyboard.press('PageDown');
    await expect(month).toHaveText(thisMonth);
    await expect(grid.locator('td:focus')).toHaveCount(1);
    await page.keyboard.press('PageUp');
    await expect(month).toHaveText(lastMonth);
    // Enter on a day with posts opens its first post's detail page.
    const withPost = grid.locator('td:has([data-testid="calendar-chip"])').first();
    await withPost.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard\/products\/[a-z-]+\/posts\/[^/]+\/[^/]+$/);
  });

  test('clients are refused: not-found pages and 403 from the API', async ({ page }) => {
    for (const path of DEV_PAGES) {
      await openAs(page, 'client@demo.pinpoint.local', path);
      await notFound(page);
    }
    for (const url of ['/api/uni/dev/insite-blogs', '/api/uni/dev/products-on-hold']) {
      expect((await page.request.get(url)).status()).toBe(403);
    }
  });
});

test.describe('the dev-only staff pages on another host', () => {
  let other: Browser;
  test.beforeAll(async () => {
    other = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--host-resolver-rules=MAP pinpoint.test 127.0.0.1',
      ],
    });
  });
  test.afterAll(() => other.close());

  test('are not found for staff, and their API answers 404', async ({ pageProblems }) => {
    pageProblems.watchBrowser(other);
    const product = await seoProduct();
    const base = `http://pinpoint.test:${E2E_PORT}`;
    const remote = await other.newPage({ baseURL: base });
    const paths = [...DEV_PAGES, `/dashboard/products/seo-pro/${encodeId(product.id)}`];
    for (const [n, path] of paths.entries()) {
      // The staff member's stored session, with its cookie for this host.
      if (n === 0) await openAs(remote, product.account, `${base}${path}`);
      else await remote.goto(`${base}${path}`);
      await notFound(remote);
    }
    // Asked from the page itself: only Chromium resolves pinpoint.test to this machine.
    // Staff are signed in there (so the answers below are the host's doing, not a 401's).
    const session = await remote.evaluate(async () => (await fetch('/api/auth/session')).status);
    expect(session, 'the session on pinpoint.test').toBe(200);
    pageProblems.expectErrorAnswer(404);
    for (const url of ['/api/uni/dev/insite-blogs', `/api/uni/products/seo/${product.id}/report`]) {
      const status = await remote.evaluate(async (u) => (await fetch(u)).status, url);
      expect(status).toBe(404);
    }
    await remote.close();
  });
});
