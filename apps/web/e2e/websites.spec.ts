import { encodeId, WEBSITE_PRODUCT_SLUGS } from '@pinpoint/contracts';
import { findDemoProduct, running } from './demo-products';
import type { DemoAccount } from './demo-sessions';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

const WEBSITE_SLUGS: readonly string[] = WEBSITE_PRODUCT_SLUGS;

/** The first running website product among the companies the accounts look after. */
const websiteProduct = (accounts: DemoAccount | DemoAccount[]) =>
  findDemoProduct(
    accounts,
    'a running website product',
    (p) => WEBSITE_SLUGS.includes(p.slug) && running(p),
  );

test('staff take the demo site down: the page shows it down within two checks, then up again', async ({
  page,
}) => {
  const product = await websiteProduct('employee@demo.pinpoint.local');
  await openAs(
    page,
    product.account,
    `/dashboard/products/${product.slug}/${encodeId(product.id)}`,
  );

  const status = page.getByTestId('website-status');
  const checkNow = page.getByRole('button', { name: 'Check now' });
  const takeDown = page.getByRole('button', { name: 'Take the demo site down' });
  const bringUp = page.getByRole('button', { name: 'Bring the demo site back up' });
  await expect(status).toBeVisible();
  await expect(
    page.getByRole('img', { name: /Website uptime: daily uptime for the last 90 days/ }),
  ).toBeVisible();

  // A real check of the demo site over HTTP: it is up.
  await checkNow.click();
  await expect(status).toHaveAttribute('data-status', 'up');
  await expect(page.getByText(/Last checked/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await takeDown.click();
  await expect(bringUp).toBeVisible();
  // The first failed check is not an outage yet; the second opens an incident.
  await checkNow.click();
  await expect(page.getByTestId('website-last-error')).toContainText('HTTP 503');
  await expect(checkNow).toBeEnabled();
  await checkNow.click();
  await expect(status).toHaveAttribute('data-status', 'down');
  await expect(status).toContainText('Down');
  await expect(page.getByTestId('website-incidents')).toContainText('Ongoing');

  // Brought back, the next check closes the incident.
  await bringUp.click();
  await expect(takeDown).toBeVisible();
  await checkNow.click();
  await expect(status).toHaveAttribute('data-status', 'up');
  await expect(page.getByTestId('website-incidents')).not.toContainText('Ongoing');
  await expectNoSeriousA11yViolations(page);
});

test('a client sees the uptime of their site but not the staff controls', async ({ page }) => {
  const product = await websiteProduct(['owner@demo.pinpoint.local', 'client@demo.pinpoint.local']);
  await openAs(
    page,
    product.account,
    `/dashboard/products/${product.slug}/${encodeId(product.id)}`,
  );
  await expect(page.getByTestId('website-status')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Incidents' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check now' })).toHaveCount(0);
});
