import { encodeId } from '@pinpoint/contracts';
import { hasSubPage, pickDemoProduct, running } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

const GOOGLE_PRODUCTS = [
  'google-business-pro',
  'local-marketing-essentials',
  'tow-marketing-essentials',
  'google-calls-advisor',
];

interface ListingField {
  field: string;
  label: string;
  status: string;
}

/** A Google product of the employee's companies whose listing has a field that differs. */
const productWithDifference = () =>
  pickDemoProduct(
    'employee@demo.pinpoint.local',
    'a Google listing that differs from its profile',
    async (product, api) => {
      if (!GOOGLE_PRODUCTS.includes(product.slug) || !running(product)) return undefined;
      if (!hasSubPage('listings')(product)) return undefined;
      const answer = await api.get(`/api/uni/products/listings/${product.id}`);
      if (!answer.ok()) throw new Error(`listing of ${product.id}: ${answer.status()}`);
      const listing = (await answer.json()) as { fields: ListingField[] };
      return listing.fields.find((f) => f.status === 'differs');
    },
  );

test('a profile difference is pushed to Google and the listing then shows it matching', async ({
  page,
}) => {
  // The employee looks after several demo clients; about four in five listings drift.
  const { product, value: differs } = await productWithDifference();
  await openAs(
    page,
    product.account,
    `/dashboard/products/${product.slug}/${encodeId(product.id)}/listings`,
  );
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
