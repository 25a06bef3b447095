import { encodeId } from '@pinpoint/contracts';
import { pickDemoProduct, running } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

const SCAN_PRODUCTS = ['managed-business-listings', 'business-listings'];

interface Row {
  directory: string;
  name: string;
  status: string;
  fields: Record<string, string>;
  fix: { status: string } | null;
}

/** A listings product of the demo with a directory whose data mismatches, and that row. */
const productWithMismatch = () =>
  pickDemoProduct(
    'admin@demo.pinpoint.local',
    'a listings product with a mismatched directory',
    async (product, api) => {
      if (!SCAN_PRODUCTS.includes(product.slug) || !running(product)) return undefined;
      const answer = await api.get(
        `/api/uni/products/listings/data/${product.id}?status=mismatch&pageSize=100`,
      );
      if (!answer.ok()) throw new Error(`listings data of ${product.id}: ${answer.status()}`);
      const data = (await answer.json()) as { items: Row[] };
      return data.items.find((r) => !r.fix);
    },
  );

test('a staff fix, then a rescan: the directory table updates live and the score changes', async ({
  page,
}) => {
  const { product, value: row } = await productWithMismatch();
  await openAs(
    page,
    product.account,
    `/dashboard/products/${product.slug}/${encodeId(product.id)}/listings`,
  );
  await expect(page.getByRole('heading', { name: 'Business listings', level: 1 })).toBeVisible();
  await expect(page.getByText(/Last scanned/)).toBeVisible();
  const score = page.getByTestId('listing-score');
  await expect(score).toHaveText(/\d+/);
  const before = await score.textContent();

  await page.getByLabel('Search').fill(row.name);
  const tableRow = page.locator(`tr[data-directory="${row.directory}"]`);
  await expect(tableRow).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Fix: queued through the outbox; the server's jobs send it and the row hears of it.
  await tableRow.getByRole('button', { name: new RegExp(`^Fix .* on ${row.name}$`) }).click();
  await expect(tableRow).toContainText('Fix sent');

  // Rescan: every directory checked again through the queue; the page follows live.
  await page.getByRole('button', { name: 'Rescan' }).click();
  await expect(page.getByRole('button', { name: 'Rescan' })).toBeVisible({ timeout: 30_000 });
  await expect(score).not.toHaveText(before ?? '', { timeout: 30_000 });
  await expect(tableRow).not.toContainText('shows “');
  await expect(tableRow).not.toContainText('missing');
  await expect(tableRow.getByRole('button', { name: /^Fix / })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
