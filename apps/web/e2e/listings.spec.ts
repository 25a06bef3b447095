import { encodeId, findProduct } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, logIn } from './session';

const GOOGLE_PRODUCTS = [
  'google-business-pro',
  'local-marketing-essentials',
  'tow-marketing-essentials',
  'google-calls-advisor',
];

/** A Google product of the signed-in user's companies whose listing has a field that differs. */
async function productWithDifference(page: Page) {
  const { clients } = await (await page.request.get('/api/uni/user/clients')).json();
  for (const client of clients as { id: number }[]) {
    const { items } = await (
      await page.request.get(`/api/uni/client/products/${client.id}`)
    ).json();
    for (const product of items as { id: number; slug: string; status: string }[]) {
      if (!GOOGLE_PRODUCTS.includes(product.slug) || product.status === 'cancelled') continue;
      if (!findProduct(product.slug)?.subPages.some((s) => s === 'listings')) continue;
      const listing = await (
        await page.request.get(`/api/uni/products/listings/${product.id}`)
      ).json();
      const differs = (listing.fields as { field: string; label: string; status: string }[]).find(
        (f) => f.status === 'differs',
      );
      if (differs) return { product, differs };
    }
  }
  throw new Error('no demo company of this user has a listing that differs from its profile');
}

test('a profile difference is pushed to Google and the listing then shows it matching', async ({
  page,
}) => {
  // The employee looks after several demo clients; about four in five listings drift.
  await logIn(page, 'employee@demo.pinpoint.local', /\/dashboard\//);
  const { product, differs } = await productWithDifference(page);
  await page.goto(`/dashboard/products/${product.slug}/${encodeId(product.id)}/listings`);
  await expect(page.getByRole('heading', { name: 'Google listing', level: 1 })).toBeVisible();

  const row = page.locator(`[data-testid="listing-field"][data-field="${differs.field}"]`);
  await expect(row.getByTestId('listing-field-status')).toHaveText('Differs');
  await expect(page.getByText(/Last synced/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Only this field: the others that differ are left as they are.
  for (const box of await page.getByRole('checkbox', { checked: true }).all()) await box.uncheck();
  await row.getByRole('checkbox', { name: `Push ${differs.label}` }).check();
  await page.getByRole('button', { name: 'Push our data' }).click();

  // The outbox sends it (the server runs its jobs); the page hears of it without a reload.
  await expect(page.getByTestId('listing-push-status')).toContainText('Sent to Google');
  await expect(row.getByTestId('listing-field-status')).toHaveText('Matches');
  await expect(row.getByRole('button', { name: /Accept Google's/ })).toHaveCount(0);

  // And it stays so when the page is read afresh.
  await page.reload();
  await expect(row.getByTestId('listing-field-status')).toHaveText('Matches');
  await expect(page.getByTestId('listing-push-status')).toContainText('Sent to Google');
  await expectNoSeriousA11yViolations(page);
});

// The listings products' `listings` page is their directory scan: listing-scans.spec.ts.
