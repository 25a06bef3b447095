import { encodeId } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { findDemoProduct, running } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

/** The first running product of one of `slugs` of a demo client account (and its company). */
const clientWith = (slugs: readonly string[]) =>
  findDemoProduct(
    ['client@demo.pinpoint.local', 'owner@demo.pinpoint.local'],
    `a running ${slugs.join(' or ')} product`,
    (p) => slugs.includes(p.slug) && running(p),
  );

/** "$1,234.56" → 123456 cents. */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[$,]/g, '')) * 100);
const count = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

test.describe('facebook ads', () => {
  test('a client reads the Facebook Ads report for a range; totals agree with the campaigns', async ({
    page,
  }) => {
    const product = await clientWith(['facebook-ads']);
    await openAs(page, product.account, `/dashboard/products/facebook-ads/${encodeId(product.id)}`);
    await page.getByLabel('Date range', { exact: true }).selectOption('30_days');
    const report = page.getByTestId('fbads-report');
    await expect(page.getByTestId('fbads-freshness')).toContainText('Last synced');
    await expect(page.getByTestId('fbads-how-counted')).toContainText('sum of daily reach');
    const figure = (key: string) =>
      report.locator(`[data-figure="${key}"]`).getByTestId('figure-value');
    await expect(figure('spend')).toHaveText(/^\$[\d,]+\.\d\d$/);

    const rows = page.getByTestId('fbads-campaign');
    await expect(rows.first()).toBeVisible();
    const total = page.getByTestId('fbads-campaigns-total');
    // Campaign cells: goal, status, spend, reach, impressions, clicks, CTR, CPC, leads, cost
    // per lead; the total row's start at spend.
    const cell = (row: ReturnType<Page['getByTestId']>, i: number) =>
      row.locator('td').nth(i).textContent();
    const spendTotal = cents(await cell(total, 0));
    expect(spendTotal).toBe(cents(await figure('spend').textContent()));
    expect(count(await total.locator('td').nth(6).textContent())).toBe(
      count(await figure('leads').textContent()),
    );
    let spendSum = 0;
    let leadSum = 0;
    for (const row of await rows.all()) {
      spendSum += cents(await row.locator('td').nth(2).textContent());
      leadSum += count(await row.locator('td').nth(8).textContent());
    }
    expect(spendSum).toBe(spendTotal);
    expect(leadSum).toBe(count(await figure('leads').textContent()));

    await page.getByRole('button', { name: 'Show data' }).click();
    await expect(page.getByRole('table', { name: 'Spend and leads by day: data' })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Spend and leads by day: data' }).locator('tbody tr'),
    ).toHaveCount(30);
    await expectNoSeriousA11yViolations(page);
  });

  test('staff edit an ad spec field; the client sees it read-only with the change in its history', async ({
    page,
    browser,
    pageProblems,
  }) => {
    // The bad landing page is refused by the server on purpose (400 with field details).
    pageProblems.expectErrorAnswer(400);
    const ads = ['google-ads', 'ads-xpress', 'facebook-ads', 'local-services-ads'];
    const product = await clientWith(ads);
    const company = product.companyName;
    const budget = 1_000 + (Date.now() % 900);
    const shown = `$${budget.toLocaleString('en-US')}.00`;

    // Staff: the admin looks after every client.
    const staff = await browser.newPage();
    await openAs(staff, 'admin@demo.pinpoint.local', '/dashboard/products/ad-spec');
    await staff.getByLabel('Client').selectOption({ label: company });
    await expect(staff.getByTestId('page-company')).toHaveText(company);
    await staff.getByRole('button', { name: /^(Edit|Write the ad spec)$/ }).click();
    const form = staff.getByTestId('ad-spec-form');
    // A bad landing page is refused field by field, and nothing is saved.
    await form.getByLabel('Landing pages (one web address per line)').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Save ad spec' }).click();
    await expect(
      form.getByText('The web address must start with http:// or https://.'),
    ).toBeVisible();
    await form
      .getByLabel('Landing pages (one web address per line)')
      .fill('https://example.com/offer');
    await form.getByLabel('Monthly budget ($)').fill(String(budget));
    await form.getByRole('button', { name: 'Save ad spec' }).click();
    await expect(
      staff.getByTestId('ad-spec-view').locator('[data-field="monthlyBudgetCents"]'),
    ).toHaveText(shown);
    await expect(staff.getByTestId('fbads-estimate')).toBeVisible();
    await staff.close();

    // The client: read-only, with the change at the top of the history.
    await openAs(page, product.account, '/dashboard/products/ad-spec');
    if (product.companies > 1) await page.getByLabel('Client').selectOption({ label: company });
    await expect(page.getByTestId('page-company')).toHaveText(company);
    const view = page.getByTestId('ad-spec-view');
    await expect(view.locator('[data-field="monthlyBudgetCents"]')).toHaveText(shown);
    await expect(page.getByRole('button', { name: /^(Edit|Write the ad spec)$/ })).toHaveCount(0);
    await expect(page.getByTestId('ad-spec-form')).toHaveCount(0);
    await expect(page.getByTestId('fbads-estimate')).toHaveCount(0);
    const latest = page.getByTestId('ad-spec-change').first();
    await expect(latest).toContainText(`Monthly budget:`);
    await expect(latest).toContainText(`→ ${shown}`);
    await expect(latest).toContainText('Landing pages:');
    await expectNoSeriousA11yViolations(page);
  });
});
