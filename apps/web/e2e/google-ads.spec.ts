import { encodeId } from '@pinpoint/contracts';
import type { Locator } from '@playwright/test';
import { findDemoProduct, running } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

const SLUGS = ['google-ads', 'ads-xpress'];

/**
 * The first running Google Ads or Ads Xpress product a demo account sees (the demo gives
 * each company a random mix of products): the one-company client first, then the owner of
 * three, then the admin, who sees every company.
 */
async function adsProduct() {
  const product = await findDemoProduct(
    ['client@demo.pinpoint.local', 'owner@demo.pinpoint.local', 'admin@demo.pinpoint.local'],
    'a running Google Ads or Ads Xpress product',
    (p) => SLUGS.includes(p.slug) && running(p),
  );
  // Which account the run used, for the report (the demo mix decides it).
  test.info().annotations.push({ type: 'signed in as', description: product.account });
  return product;
}

/** A number as the page shows it: "$1,234.56" → 123456 (cents), "1,234" → 1234. */
async function shown(cell: Locator, money: boolean): Promise<number> {
  const text = (await cell.innerText()).trim();
  const digits = text.replace(/[$,\s]/g, '');
  expect(digits, `"${text}" is a number`).toMatch(money ? /^\d+\.\d{2}$/ : /^\d+$/);
  return money ? Math.round(Number(digits) * 100) : Number(digits);
}

const FIGURES = [
  { key: 'spend', money: true },
  { key: 'clicks', money: false },
  { key: 'impressions', money: false },
  { key: 'conversions', money: false },
] as const;

test.describe('google ads', () => {
  test('a client reads the last 30 days: the cards agree with the campaigns table', async ({
    page,
  }) => {
    const product = await adsProduct();
    const base = `/dashboard/products/${product.slug}/${encodeId(product.id)}`;
    await openAs(page, product.account, `${base}?range=30_days`);
    await expect(page.getByLabel('Date range')).toHaveValue('30_days');
    await expect(page.getByTestId('gads-freshness')).toContainText('Last synced');
    const totals = page.getByTestId('gads-campaign-totals');
    await expect(totals).toBeVisible();
    await expect(page.getByTestId('gads-report')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('table', { name: 'Campaigns' })).toHaveAttribute(
      'aria-busy',
      'false',
    );

    const rows = page.getByTestId('gads-campaign');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const { key, money } of FIGURES) {
      const card = page.locator(`[data-testid="report-figure"][data-figure="${key}"]`);
      const value = await shown(card.getByTestId('figure-value'), money);
      expect(value, `${key}: card = totals row`).toBe(await shown(totals.getByTestId(key), money));
      let sum = 0;
      for (const row of await rows.all()) sum += await shown(row.getByTestId(key), money);
      expect(sum, `${key}: rows add up to the card`).toBe(value);
      await expect(card).toContainText('Previous period:');
    }
    // The demo account runs: a month of it has clicks and spend, so the check is not 0 = 0.
    expect(await shown(totals.getByTestId('clicks'), false)).toBeGreaterThan(0);
    expect(await shown(totals.getByTestId('spend'), true)).toBeGreaterThan(0);

    // The chart's figures as a table.
    await page.getByRole('button', { name: 'Show data' }).click();
    const data = page.getByRole('table', { name: 'Clicks and conversions by day: data' });
    await expect(data).toBeVisible();
    await expect(data.locator('tbody tr').first()).toBeVisible();
    // Keywords with their quality score, locations by city, and the leads.
    await expect(page.getByTestId('gads-keyword').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Quality score' })).toBeVisible();
    await expect(page.getByTestId('gads-location').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Leads', exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the all-ads page shows every ad as it reads, its figures, and the images', async ({
    page,
  }) => {
    const product = await adsProduct();
    await openAs(
      page,
      product.account,
      `/dashboard/products/${product.slug}/${encodeId(product.id)}/all-ads`,
    );
    await expect(page.getByRole('heading', { level: 1, name: /All ads$/ })).toBeVisible();
    const ad = page.getByTestId('gads-ad').first();
    await expect(ad).toBeVisible();
    // Headlines as the ad shows them: "Headline 1 | Headline 2 | …".
    await expect(ad.getByTestId('gads-ad-headlines')).toContainText(' | ');
    await expect(ad.getByText('Impressions')).toBeVisible();

    // An image asset that the browser actually decoded.
    const image = page.getByTestId('gads-image').locator('img').first();
    await expect(image).toBeVisible();
    // The gallery loads its images lazily: bring the first one into view.
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);

    // The status filter: only paused ads once the list has reloaded, or a word that there are none.
    await page.getByLabel('Status').selectOption('PAUSED');
    await expect
      .poll(async () => {
        const statuses = await page.getByTestId('gads-ad-status').allInnerTexts();
        if (statuses.length === 0) return page.getByText('No ads with this status.').isVisible();
        return statuses.every((status) => status === 'Paused');
      })
      .toBe(true);
    await expectNoSeriousA11yViolations(page);
  });
});
