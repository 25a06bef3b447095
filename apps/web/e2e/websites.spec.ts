import { encodeId, WEBSITE_PRODUCT_SLUGS } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, logIn } from './session';

/** The first running website product of a company the signed-in user looks after. */
async function websiteProduct(page: Page) {
  const slugs: readonly string[] = WEBSITE_PRODUCT_SLUGS;
  const { clients } = await (await page.request.get('/api/uni/user/clients')).json();
  for (const client of clients as { id: number }[]) {
    const { items } = await (
      await page.request.get(`/api/uni/client/products/${client.id}`)
    ).json();
    const product = (items as { id: number; slug: string; status: string }[]).find(
      (p) => slugs.includes(p.slug) && p.status !== 'cancelled',
    );
    if (product) return product;
  }
  throw new Error('no demo company of this user has a running website product');
}

test('staff take the demo site down: the page shows it down within two checks, then up again', async ({
  page,
}) => {
  await logIn(page, 'employee@demo.pinpoint.local', /\/dashboard\//);
  const product = await websiteProduct(page);
  await page.goto(`/dashboard/products/${product.slug}/${encodeId(product.id)}`);

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
  for (const email of ['owner@demo.pinpoint.local', 'client@demo.pinpoint.local']) {
    await logIn(page, email, /\/dashboard\//);
    let product: { id: number; slug: string } | null = null;
    try {
      product = await websiteProduct(page);
    } catch {
      await page.context().clearCookies();
      continue;
    }
    await page.goto(`/dashboard/products/${product.slug}/${encodeId(product.id)}`);
    await expect(page.getByTestId('website-status')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Incidents' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check now' })).toHaveCount(0);
    return;
  }
  throw new Error('no demo client account has a website product');
});
