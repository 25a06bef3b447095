import { encodeId } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { findDemoProduct, hasSubPage } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs, watchRealtime } from './session';

const PRODUCT_PAGE = /\/dashboard\/products\/[a-z-]+\/[a-zA-Z]+\+[123]-[A-Za-z0-9]{10}$/;
const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

/** Opens the client's first product from the sidebar's "Your products" and returns its name. */
async function openFirstProduct(page: Page): Promise<string> {
  // The "Your products" entries: sidebar links to /dashboard/products/{slug}/{id}, not the
  // company-wide pages under /dashboard/products/ (reviews, posts, …).
  const links = sections(page).locator('a[href^="/dashboard/products/"]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
  const index = hrefs.findIndex((href) => PRODUCT_PAGE.test(href));
  if (index < 0) throw new Error(`no product link in the sidebar: ${hrefs.join(', ')}`);
  const link = links.nth(index);
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(PRODUCT_PAGE);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return name;
}

test.describe('the product page', () => {
  test('a client opens a product from the sidebar, sees its page, and goes back to the dashboard', async ({
    page,
  }) => {
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    await openFirstProduct(page);

    // Its own top bar: Pinpoint, the company, Back to dashboard and the account menu.
    await expect(page.getByRole('link', { name: 'Pinpoint', exact: true })).toBeVisible();
    await expect(page.getByTestId('product-company')).toHaveText('Summit Plumbing & Drain');
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
    // Outside the dashboard layout: no sidebar.
    await expect(sections(page)).toHaveCount(0);

    // Header facts: start date as MM/dd/yyyy, price in dollars.
    const facts = page.getByTestId('product-facts');
    await expect(facts).toContainText(/Started\s*\d{2}\/\d{2}\/\d{4}/);
    await expect(facts).toContainText(/Monthly price\s*\$[\d,]+\.\d{2}/);

    // The report: the reviews summary for the range, or the honest line; never both missing.
    const report = page.getByTestId('product-report');
    await expect(
      report
        .getByTestId('report-figure')
        .first()
        .or(report.getByText("This product's report is coming:")),
    ).toBeVisible();
    await expect(page.getByTestId('product-connection')).toContainText(
      /Last synced|Not synced yet|No account connected yet/,
    );
    await expect(page.getByTestId('agency-contact').getByRole('link').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  });

  test('a support request reaches the assigned employee live; the reply and closing reach the client live', async ({
    page,
    browser,
  }) => {
    const subject = `Opening hours ${Date.now()}`;
    const clientListens = watchRealtime(page);
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    await openFirstProduct(page);
    await clientListens();

    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    const staffListens = watchRealtime(staff);
    await openAs(staff, 'employee@demo.pinpoint.local', '/dashboard/employee');
    const card = staff.getByRole('region', { name: /^Support requests/ });
    await expect(card.getByRole('link', { name: 'All support requests' })).toBeVisible();
    await expect(card.getByText(/open\)$/)).toBeVisible();
    await staffListens();

    // The contract's messages, before anything is sent.
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Give the request a subject.')).toBeVisible();
    await expect(page.getByText('Say a little more (10 characters at least).')).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Message').fill('Our listing still shows last year’s opening hours.');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Your request was sent.')).toBeVisible();
    const mine = page.getByTestId('support-request').filter({ hasText: subject });
    await expect(mine).toContainText('Open');
    await expect(mine).toContainText('Waiting for a reply.');

    // The employee home shows it without a reload.
    await expect(
      card.getByTestId('open-support-request').filter({ hasText: subject }),
    ).toContainText('Summit Plumbing & Drain');

    // Reply, then close, from the staff list.
    await card.getByRole('link', { name: 'All support requests' }).click();
    await expect(staff).toHaveURL(/\/dashboard\/employee\/support-requests$/);
    await expect(staff.getByRole('heading', { name: 'Support requests', level: 1 })).toBeVisible();
    const item = staff.getByTestId('staff-support-request').filter({ hasText: subject });
    await item.getByText(subject).click();
    await item.getByLabel('Reply').fill('We corrected the hours this morning.');
    await item.getByRole('button', { name: 'Send reply' }).click();
    await expect(item.getByText('Reply sent.')).toBeVisible();

    // The client sees the reply without a reload.
    await expect(mine.getByTestId('support-reply')).toContainText(
      'We corrected the hours this morning.',
    );
    await expect(mine).toContainText('Reply from Evan Employee');

    await item.getByRole('button', { name: 'Close request' }).click();
    // Closed requests leave the Open list; the Closed tab has it.
    await expect(item).toHaveCount(0);
    await staff.getByRole('button', { name: 'Closed', exact: true }).click();
    await expect(staff).toHaveURL(/status=closed/);
    await expect(
      staff.getByTestId('staff-support-request').filter({ hasText: subject }),
    ).toContainText('Closed');

    await expect(mine).toContainText('Closed');
    await staffContext.close();
  });

  test('a client opening another company’s product page gets the refusal, not its data', async ({
    page,
    pageProblems,
  }) => {
    // The server refuses the product on purpose.
    pageProblems.expectErrorAnswer(403, 'You do not have access to this.');
    // The owner's first company and its first product, and one of its products with reviews.
    const product = await findDemoProduct('owner@demo.pinpoint.local', 'a product', () => true);
    const company = { id: product.companyId, name: product.companyName };
    const withReviews = await findDemoProduct(
      'owner@demo.pinpoint.local',
      `a product with reviews of ${company.name}`,
      (p) => p.companyId === company.id && hasSubPage('reviews')(p),
    );

    await openAs(
      page,
      'client@demo.pinpoint.local',
      `/dashboard/products/${product.slug}/${encodeId(product.id)}`,
    );
    await expect(page.getByTestId('product-refused')).toHaveText(
      'This product’s page is not available to you.',
    );
    await expect(page.getByRole('heading', { name: product.name, level: 1 })).toHaveCount(0);
    await expect(page.getByText(company.name)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send request' })).toHaveCount(0);
    // The way back is still there.
    await expect(page.getByRole('link', { name: 'Back to dashboard' })).toBeVisible();

    // Nor its reviews: the frame refuses, and no review of it is shown.
    await page.goto(`/dashboard/products/${withReviews.slug}/${encodeId(withReviews.id)}/reviews`);
    await expect(page.getByTestId('product-sub-refused')).toBeVisible();
    await expect(page.getByText(company.name)).toHaveCount(0);
    await expect(page.getByRole('article')).toHaveCount(0);
  });
});
