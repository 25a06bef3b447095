import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs, switchAccount } from './session';

/** The gateway calls of the bill alert route a page makes (every API call is a POST). */
function alertCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const body = request.postData() ?? '';
    if (/\/api\/uni\/client\/billing\/\d+\/alert/.test(body)) calls.push(body);
  });
  return calls;
}

/**
 * SPEC §3 bill alert (issue 19): a company's overdue invoices show a count badge in the top
 * bar and an alert above its dashboard pages until they are paid. The demo gives Bayside
 * Family Dental one overdue invoice and the client account's company none. Nothing here
 * pays (the payments test pays Harbor's).
 */
test.describe('bill alert', () => {
  test('the owner sees Bayside’s overdue invoice in the top bar and above the page; a client with none sees nothing', async ({
    page,
  }) => {
    await openAs(page, 'owner@demo.pinpoint.local', '/dashboard/overview');
    const client = page.getByLabel('Client');
    await client.selectOption({ label: 'Bayside Family Dental' });
    await expect(client.locator('option:checked')).toHaveText('Bayside Family Dental');

    const badge = page.getByRole('link', { name: 'Billing: 1 overdue invoice' });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(/1/);
    const banner = page.getByTestId('bill-alert-banner');
    await expect(banner).toHaveAttribute('role', 'alert');
    await expect(banner).toContainText(
      /^1 invoice is overdue \(\$[\d,]+\.\d\d since \d\d\/\d\d\/\d{4}\)\. Pay it on the Billing page\.$/,
    );
    await expectNoSeriousA11yViolations(page);

    // The banner's link and the badge both lead to Billing; there it states only the sum.
    await banner.getByRole('link', { name: 'Billing page' }).click();
    await page.waitForURL(/\/dashboard\/billing$/);
    await expect(page.getByTestId('page-company')).toHaveText('Bayside Family Dental');
    await expect(banner).toContainText(/^1 invoice is overdue \(.+\)\.$/);
    await expect(banner.getByRole('link')).toHaveCount(0);
    await expect(badge).toBeVisible();

    // The client account's company owes nothing: no badge, no banner.
    await switchAccount(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Billing: / })).toHaveCount(0);
    await expect(page.getByTestId('bill-alert-banner')).toHaveCount(0);
  });

  test('staff looking at Bayside see the badge too; a trial lead never asks for it', async ({
    page,
  }) => {
    await openAs(page, 'admin@demo.pinpoint.local', '/dashboard/overview');
    const client = page.getByLabel('Client');
    await client.selectOption({ label: 'Bayside Family Dental' });
    await expect(page.getByRole('link', { name: 'Billing: 1 overdue invoice' })).toBeVisible();
    await expect(page.getByTestId('bill-alert-banner')).toBeVisible();

    // The lead in the same tab, as switchAccount opens it (the admin's stored state and
    // cookie go first), with the calls watched from the lead's first page on.
    await page.evaluate(() => localStorage.clear());
    await page.goto('about:blank');
    await page.context().clearCookies();
    const calls = alertCalls(page);
    await openAs(page, 'lead@demo.pinpoint.local');
    await expect(page).toHaveURL(/\/trial\//);
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(calls).toEqual([]);
    await expect(page.getByRole('link', { name: /^Billing: / })).toHaveCount(0);
  });
});
