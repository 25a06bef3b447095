import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, fillSmallScan, openAs } from './session';

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an employee finds a prospect, runs a custom 3×3 grid, opens it and finds it on /created', async ({
  page,
}) => {
  // The rookie has no clients: they land on the custom rank run (SPEC §2).
  await openAs(page, 'rookie@demo.pinpoint.local');
  await expect(page).toHaveURL(/\/dashboard\/employee\/custom-rank\/run$/);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('heading', { name: 'Custom rank grid', level: 1 })).toBeVisible();

  await page.getByLabel('Business name or trade').fill('plumber');
  await page.getByLabel('City').fill('Austin');
  await expect(page.getByRole('radio', { name: /Austin/ }).first()).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Find businesses' }).click();
  const results = page.getByRole('region', { name: /Businesses near Austin/ });
  const first = results.getByRole('button', { name: /^Run a grid for / }).first();
  await expect(first).toBeVisible();
  await expectNoSidewaysScroll(page);
  const label = (await first.getAttribute('aria-label')) ?? '';
  const business = label.replace('Run a grid for ', '');
  await first.click();

  await expect(page.getByTestId('custom-rank-business')).toHaveText(business);
  await fillSmallScan(page, 'plumber');
  await page.getByRole('button', { name: /^Start scan/ }).click();
  await expect(page.getByTestId('live-scan-running')).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100', {
    timeout: 20_000,
  });
  await page.getByRole('link', { name: 'Open the full report' }).click();
  await expect(page).toHaveURL(/\/dashboard\/employee\/custom-rank\/view\/[^/]+$/);
  await expect(page.getByTestId('scan-view')).toHaveAttribute('data-status', 'done');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/employee/custom-rank/created');
  const table = page.getByRole('table', { name: 'Custom rank grids' });
  await expect(
    table.getByRole('link', { name: new RegExp(`^View ${business}`) }).first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a trial lead runs scans until the quota is reached and is invited to talk to the agency', async ({
  page,
}) => {
  await openAs(page, 'lead@demo.pinpoint.local');
  await expect(page).toHaveURL(/\/trial\/overview$/);
  await expect(page.getByRole('heading', { name: 'Your free trial', level: 1 })).toBeVisible();
  await expect(page.getByText(/free scans left today|used today's 3 free scans/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Live rank grid' }).first().click();
  await expect(page).toHaveURL(/\/trial\/local-rank-grid\/live$/);
  await expect(page.getByLabel('Keyword')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const reached = page.getByTestId('trial-quota-reached');
  // Other tests may have used some of the lead's scans today: keep asking for small grids
  // until the quota says no (at most 3 scans, then the refused 4th).
  for (let attempt = 0; attempt < 4 && !(await reached.isVisible()); attempt++) {
    await fillSmallScan(page, 'plumber');
    await page.getByRole('button', { name: /^Start scan/ }).click();
    const running = page.getByTestId('live-scan-running');
    const failure = page.getByTestId('scan-failure');
    await expect(running.or(failure)).toBeVisible();
    if (await running.isVisible()) {
      await page.getByRole('button', { name: 'Start another scan' }).click();
    }
  }
  await expect(reached).toBeVisible();
  await expect(reached).toContainText(
    "You've used today's 3 free scans. They refresh at midnight UTC.",
  );
  const invite = page.getByRole('link', { name: 'E-mail us to book a call' });
  await expect(invite).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/trial/overview');
  await expect(page.getByTestId('trial-quota-reached')).toBeVisible();
});
