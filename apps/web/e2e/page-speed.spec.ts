import { encodeId } from '@pinpoint/contracts';
import { type DemoProduct, findDemoProduct } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

/**
 * The first active product of one of `slugs` among the companies the admin looks after
 * (every company: a website product is always at hand).
 */
const productOf = (slugs: readonly string[], what: string) =>
  findDemoProduct(
    'admin@demo.pinpoint.local',
    what,
    (p) => slugs.includes(p.slug) && p.status === 'active',
  );

const productPage = (product: DemoProduct) =>
  `/dashboard/products/${product.slug}/${encodeId(product.id)}`;

test('page speed "Run now" shows its progress, then the new scores', async ({ page }) => {
  const product = await productOf(
    ['website', 'webworx-professional', 'powerpage', 'website-hosting'],
    'an active website product',
  );
  await openAs(page, product.account, productPage(product));

  const panel = page.getByTestId('page-speed-panel');
  await expect(panel.getByRole('heading', { name: 'Page speed' })).toBeVisible();
  // The seeded monthly history: scores and the chart's data are there before any run.
  const lastRun = panel.getByTestId('page-speed-last-run');
  await expect(lastRun).toBeVisible();
  const before = await lastRun.textContent();
  await expect(panel.getByTestId('page-speed-scores').getByRole('figure')).toHaveCount(4);

  const runNow = panel.getByRole('button', { name: 'Run now' });
  const progress = panel.getByTestId('page-speed-progress');
  const sawProgress = progress.waitFor({ state: 'attached' });
  await runNow.click();
  // The request shows as queued at once, then moves on with the socket's events.
  await sawProgress;
  // The run's states arrive over the socket: queued → mobile → desktop → done. Whichever
  // step the page catches, it ends with the run measured now and "Run now" resting.
  await expect(runNow).toBeDisabled();
  await expect(lastRun).not.toHaveText(before ?? '');
  await expect(progress).toHaveCount(0);
  await expect(panel.getByText(/you can run it again in \d+ s/)).toBeVisible();
  await expect(panel.getByTestId('page-speed-scores').getByRole('figure')).toHaveCount(4);
  await expect(panel.getByRole('table').first()).toContainText('Largest Contentful Paint');

  // Mobile and desktop are two plain toggle buttons.
  const desktop = panel.getByRole('button', { name: 'Desktop' });
  await desktop.click();
  await expect(desktop).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByRole('button', { name: 'Mobile' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(lastRun).toContainText('Last measured');
  await expectNoSeriousA11yViolations(page);
});

test('a message sent through the demo site’s contact form appears live on the OMG InContact page', async ({
  page,
  context,
}) => {
  const product = await productOf(['omgincontact'], 'an active OMG InContact product');
  await openAs(page, product.account, productPage(product));
  const list = await (
    await page.request.get(`/api/uni/products/omgincontact/${product.id}/submissions?pageSize=1`)
  ).json();
  const siteUrl: string = list.site.url;

  const panel = page.getByTestId('contact-submissions-panel');
  await expect(panel.getByRole('heading', { name: 'Contact-form messages' })).toBeVisible();
  await expect(panel.getByTestId('submissions-table')).toBeVisible();

  // A visitor, in another tab, sends the site's own contact form.
  const visitor = await context.newPage();
  await visitor.goto(`${siteUrl}/contact`);
  const name = `Playwright Visitor ${Date.now() % 100_000}`;
  await visitor.getByLabel('Your name').fill(name);
  await visitor.getByLabel('Email').fill('Visitor.E2E@Example.com');
  await visitor.getByLabel('Phone').fill('(512) 555-0123');
  await visitor
    .getByLabel('How can we help?')
    .fill('Could someone call me back about a quote this week?');
  await visitor.getByRole('button', { name: 'Send' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await visitor.close();

  // The open page shows it without a reload (website-form.submitted), newest first.
  const firstRow = panel.getByTestId('submissions-table').locator('tbody tr').first();
  await expect(firstRow).toContainText(name);
  await expect(firstRow).toContainText('visitor.e2e@example.com');
  await expect(firstRow).toContainText('(512) 555-0123');

  await panel.getByLabel('Search').fill(name);
  await panel.getByRole('button', { name: 'Filter' }).click();
  await expect(panel.getByText('1 message match.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the Website Hosting page shows the plan, disk and bandwidth of quota, SSL and renewal', async ({
  page,
}) => {
  const product = await productOf(['website-hosting'], 'an active Website Hosting product');
  await openAs(page, product.account, productPage(product));
  const panel = page.getByTestId('hosting-panel');
  await expect(panel.getByRole('heading', { name: 'Hosting' })).toBeVisible();
  await expect(panel.getByTestId('hosting-freshness')).toContainText('Last synced');
  await expect(panel.getByText('Plan', { exact: true })).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: /Disk: \d+% of the quota/ })).toBeVisible();
  await expect(panel.getByText(/Let's Encrypt/)).toBeVisible();
  await expect(panel.getByText(/renews in \d+ days/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
