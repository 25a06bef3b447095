import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

/** The admin screens of issue 7: run grids, the grid report, LSA verticals. */

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('admin grid screens', () => {
  test('runs a batch for three clients: forecast, live progress to 100 %, summary', async ({
    page,
  }) => {
    await openAs(page, 'admin@demo.pinpoint.local');
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Run grids' })
      .click();
    await expect(page.getByRole('heading', { name: 'Run grids', level: 1 })).toBeVisible();
    const clients = page.getByRole('table', { name: 'Clients to run' });
    const boxes = clients.getByRole('checkbox', { disabled: false });
    await expect(boxes.first()).toBeVisible();
    for (const index of [0, 1, 2]) await boxes.nth(index).check();
    await expect(page.getByText(/^3 chosen:/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'See the forecast' }).click();
    const forecast = page.getByTestId('batch-forecast');
    await expect(forecast).toBeVisible();
    await expect(
      forecast.getByRole('table', { name: 'Forecast per client' }).locator('tbody tr'),
    ).toHaveCount(3);

    await page.getByRole('button', { name: 'Start the batch' }).click();
    const progress = page.getByRole('progressbar', { name: /^Batch \d+ progress$/ });
    await expect(progress).toBeVisible({ timeout: 30_000 });
    await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 45_000 });
    const summary = page.getByTestId('batch-summary');
    await expect(summary).toBeVisible();
    await expect(summary).toContainText(/\d+ done, \d+ failed, 0 skipped of \d+/);
    await expect(
      page.getByRole('table', { name: 'Recent batches' }).getByText('done'),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSidewaysScroll(page);
  });

  test('shows the grid report across clients and downloads it as CSV', async ({ page }) => {
    await openAs(page, 'admin@demo.pinpoint.local', '/dashboard/admin/grid-report');
    await expect(page.getByRole('heading', { name: 'Grid report', level: 1 })).toBeVisible();
    const series = page.getByRole('table', { name: 'Series by client' });
    await expect(series.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Failures' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^grid-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const text = await readFile(path, 'utf8');
    expect(text.startsWith('Company id,Company,Keyword,')).toBe(true);
    expect(text.split('\r\n').length).toBeGreaterThan(2);

    // A backwards range is refused on the field, before anything is asked.
    await page.getByLabel('From').fill('2026-02-10');
    await page.getByLabel('To').fill('2026-02-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByText('The end date must be on or after the start.')).toBeVisible();
  });

  test('creates a vertical after a per-field validation error, then updates it', async ({
    page,
    pageProblems,
  }) => {
    pageProblems.expectErrorAnswer(409);
    await openAs(page, 'admin@demo.pinpoint.local', '/dashboard/admin/lsa-verticals');
    await expect(page.getByRole('heading', { name: 'LSA verticals', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Verticals' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const form = page.getByRole('form', { name: 'New vertical' });
    await form.getByLabel('Slug').fill('Pool Cleaning!');
    await form.getByRole('button', { name: 'Create vertical' }).click();
    await expect(form.getByText('Enter a name.')).toBeVisible();
    await expect(form.getByText(/lowercase letters and digits joined/)).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    // A slug the demo seed already uses is refused by the server, on the slug field.
    await form.getByLabel('Name').fill('Pool cleaning');
    await form.getByLabel('Slug').fill('plumber');
    await form.getByRole('button', { name: 'Create vertical' }).click();
    await expect(form.getByText('This slug is taken.')).toBeVisible();

    // Started from the LSA catalogue: the form is filled from the category.
    await page.getByLabel('Category', { exact: true }).selectOption('locksmith');
    await expect(page.getByTestId('lsa-category-info')).toContainText('Lockout service');
    await page.getByRole('button', { name: 'Start a new vertical from it' }).click();
    await expect(form.getByLabel('Slug')).toHaveValue('locksmith');
    await form.getByRole('button', { name: 'Create vertical' }).click();
    await expect(page.getByText('Created “Locksmith” (locksmith).')).toBeVisible();
    const row = page.getByRole('row', { name: /Locksmith/ });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Edit Locksmith' }).click();
    const edit = page.getByRole('form', { name: 'Edit vertical' });
    await edit.getByLabel('Name').fill('Locksmiths and keys');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved “Locksmiths and keys” (locksmith).')).toBeVisible();
    await expect(page.getByRole('row', { name: /Locksmiths and keys/ })).toBeVisible();
  });
});
