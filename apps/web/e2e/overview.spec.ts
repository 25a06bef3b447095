import { formatRange, presetRange, previousPeriod, todayIn } from '@pinpoint/contracts';
import { expect, test } from './fixtures';
import { openAs } from './session';

/** The range text the page should show; the browser runs in this machine's zone too. */
function rangeText(preset: '90_days' | '30_days'): string {
  const range = presetRange(preset, todayIn());
  return `Showing ${formatRange(range)}, compared with ${formatRange(previousPeriod(range))}`;
}

// These tests only read: other specs share the demo data (my-alerts counts unread alerts).
test.describe('overview, activity and products', () => {
  test('a client lands on the overview with KPI numbers for the last 90 days, and 30 days changes the range', async ({
    page,
  }) => {
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    const range = page.getByTestId('overview-range');
    await expect(range).toHaveText(rangeText('90_days'));
    await expect(range).toHaveText(/\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}/);

    const cards = page.getByTestId('kpi-card');
    await expect(cards.first()).toBeVisible();
    const work = page.getByRole('article', { name: 'Work done for you' });
    await expect(work.getByTestId('kpi-value')).toHaveText(/^\d[\d,]*$/);
    await expect(work).toContainText('vs previous period');
    // Counts, and money (spend) in whole dollars.
    for (const value of await page.getByTestId('kpi-value').allTextContents()) {
      expect(value).toMatch(/^\$?\d[\d,]*$/);
    }
    await expect(page.getByRole('article', { name: 'Spend' }).getByTestId('kpi-value')).toHaveText(
      /^\$\d[\d,]*$/,
    );
    await expect(page.getByRole('link', { name: 'Leads (open the leads center)' })).toHaveAttribute(
      'href',
      '/dashboard/leads-center',
    );
    const before = await work.getByTestId('kpi-value').textContent();

    await page.getByLabel('Date range', { exact: true }).selectOption('30_days');
    await expect(page).toHaveURL(/\?range=30_days$/);
    await expect(range).toHaveText(rangeText('30_days'));
    // 18 months of history: the last 30 days hold less work than the last 90.
    await expect(work.getByTestId('kpi-value')).not.toHaveText(before ?? '');

    // A custom range is checked before it is applied.
    await page.getByLabel('Date range', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill('2025-03-20');
    await page.getByLabel('To', { exact: true }).fill('2025-03-10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('The end date must be on or after the start.')).toBeVisible();
    await page.getByLabel('To', { exact: true }).fill('2025-03-25');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(range).toHaveText(
      'Showing 03/20/2025 – 03/25/2025, compared with 03/14/2025 – 03/19/2025',
    );

    // The panels below the KPIs.
    await expect(
      page.getByRole('list', { name: 'Products', exact: true }).getByRole('link').first(),
    ).toHaveAttribute('href', /^\/dashboard\/products\/[a-z-]+\/[A-Za-z]+\+[123]-[A-Za-z0-9]{10}$/);
    await expect(
      page.getByRole('list', { name: 'Recent activity', exact: true }).getByRole('listitem'),
    ).toHaveCount(5);
  });

  test('the activity feed pages by 20 and filters by type', async ({ page }) => {
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    await page.getByRole('link', { name: 'All activity' }).click();
    await expect(page).toHaveURL(/\/dashboard\/activity$/);
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    const feed = page.getByRole('list', { name: 'Activity', exact: true });
    await expect(feed.getByRole('listitem')).toHaveCount(20);
    await expect(page.getByTestId('activity-count')).toHaveText(/^1–20 of \d+$/);
    const dates = await feed.locator('time').allTextContents();
    expect(dates[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M$/);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByTestId('activity-count')).toHaveText(/^21–40 of \d+$/);

    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Review replied' });
    await expect(page).toHaveURL(/\?type=review_replied$/);
    await expect(page.getByTestId('activity-count')).toHaveText(/^1–\d+ of \d+$/);
    const types = await feed.getByTestId('activity-type').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Review replied']));
  });

  test('the products page lists the client’s products with status, start and price, linking to each product page', async ({
    page,
  }) => {
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    await page.goto('/dashboard/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    const rows = page.getByTestId('product-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.first()).toContainText(/Active|Paused|On hold|Cancelled/);
    await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(rows.first()).toContainText(/\$[\d,]+\.\d{2}/);
    const link = rows.first().getByRole('link');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/dashboard\/products\/[a-z-]+\/[A-Za-z]+\+[123]-[A-Za-z0-9]{10}$/);
    await link.click();
    await expect(page).toHaveURL(href ?? '');
  });

  test('the overview, activity and products pages fit a 375 px phone without sideways scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    for (const path of ['/dashboard/overview', '/dashboard/activity', '/dashboard/products']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(
        page
          .getByTestId(
            path.endsWith('overview')
              ? 'kpi-card'
              : path.endsWith('activity')
                ? 'activity-item'
                : 'product-row',
          )
          .first(),
      ).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
