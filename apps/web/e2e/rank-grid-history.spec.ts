import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

test.describe('rank grid history, timelines and the staff lists', () => {
  test('a client reads the scan history by month and keyword, and the timelines grouping', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/local-rank-grid/history');
    await expect(page.getByRole('heading', { name: 'Rank grid history', level: 1 })).toBeVisible();

    // The newest month is chosen; the demo agency scans each keyword weekly.
    const scans = page.getByRole('table', { name: 'Scans', exact: true });
    await expect(scans.getByRole('row').nth(1)).toBeVisible();
    await expect(scans.getByRole('link', { name: /^View the scan of/ }).first()).toHaveAttribute(
      'href',
      /^\/dashboard\/local-rank-grid\/view\/[a-zA-Z]+\+[123]-[A-Za-z0-9]{10}$/,
    );
    await expect(
      page.getByRole('list', { name: 'Trend by settings' }).getByRole('img').first(),
    ).toHaveAccessibleName(/ATRP (over the last \d+ scans|[\d.]+ in 1 scan)/);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);

    // Keyword: every row is then of that keyword.
    const keyword = page.getByLabel('Keyword', { exact: true });
    const chosen = (await keyword.locator('option').nth(1).textContent()) ?? '';
    await keyword.selectOption(chosen);
    await expect(scans.getByRole('row').nth(1)).toContainText(`${chosen} ·`);
    const cells = await scans.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(cells.every((cell) => cell.startsWith(`${chosen} ·`))).toBe(true);

    // An older month: its heading and rows follow.
    const month = page.getByLabel('Month', { exact: true });
    const older = await month.locator('option').nth(3).getAttribute('value');
    await month.selectOption(older ?? '');
    const label = (await month.locator('option:checked').textContent()) ?? '';
    await expect(
      page.getByRole('heading', { name: new RegExp(`^Scans in ${label}`) }),
    ).toBeVisible();
    await expect(scans.getByRole('row').nth(1)).toBeVisible();

    // Timelines on localhost (a dev host): the grouping and the raw rows.
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.goto('/dashboard/local-rank-grid/timelines');
    await expect(
      page.getByRole('heading', { name: 'Rank timelines: data check', level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('timeline-config').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Timeline row pages' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('an employee sees their clients, sorts the top GBP clients and charts a timeline', async ({
    page,
  }) => {
    await openAs(page, 'employee@demo.pinpoint.local');
    await expect(page).toHaveURL(/\/dashboard\/employee$/);
    await expect(page.getByRole('heading', { name: 'Employee home', level: 1 })).toBeVisible();
    const clients = page.getByRole('table', { name: /Your clients/ });
    await expect(clients.getByTestId('employee-client').first()).toBeVisible();
    await expect(clients.locator('tbody tr').first()).toContainText(/\d+\.\d/);
    await expect(clients.locator('tbody tr').first()).toContainText('%');
    await expectNoSeriousA11yViolations(page);

    await nav(page).getByRole('link', { name: 'Top GBP clients' }).click();
    await expect(page.getByRole('heading', { name: 'Top GBP clients', level: 1 })).toBeVisible();
    const ranked = page.getByRole('table', { name: 'Ranked clients' });
    await expect(ranked.getByTestId('top-client').first()).toBeVisible();
    const clientHeader = ranked.getByRole('columnheader', { name: /Client/ });
    await clientHeader.getByRole('button').click();
    await expect(clientHeader).toHaveAttribute('aria-sort', 'ascending');
    const names = await ranked.getByTestId('top-client').allTextContents();
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    await clientHeader.getByRole('button').click();
    await expect(clientHeader).toHaveAttribute('aria-sort', 'descending');
    await expectNoSeriousA11yViolations(page);

    await nav(page).getByRole('link', { name: 'Timeline search' }).click();
    await page.getByLabel('Client, company name or keyword').fill('plumber');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('table', { name: /Results/ });
    await expect(results.getByRole('row').nth(1)).toContainText('plumber');
    await results
      .getByRole('button', { name: /^Open the chart of/ })
      .first()
      .click();
    const chart = page.getByRole('figure');
    await expect(chart).toContainText('ATRP axis runs downwards');
    // uPlot draws into the figure (a lazily loaded chunk).
    await expect(chart.locator('.uplot canvas')).toBeVisible();
    await chart.getByRole('button', { name: 'Show data' }).click();
    await expect(chart.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
