import { encodeId } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, logIn } from './session';

const SCAN_PRODUCTS = ['managed-business-listings', 'business-listings'];

interface Row {
  directory: string;
  name: string;
  status: string;
  fields: Record<string, string>;
  fix: { status: string } | null;
}

/** A listings product of the demo with a directory whose data mismatches, and that row. */
async function productWithMismatch(page: Page) {
  const { clients } = await (await page.request.get('/api/uni/user/clients')).json();
  for (const client of clients as { id: number }[]) {
    const { items } = await (
      await page.request.get(`/api/uni/client/products/${client.id}`)
    ).json();
    for (const product of items as { id: number; slug: string; status: string }[]) {
      if (!SCAN_PRODUCTS.includes(product.slug) || product.status === 'cancelled') continue;
      const data = await (
        await page.request.get(
          `/api/uni/products/listings/data/${product.id}?status=mismatch&pageSize=100`,
        )
      ).json();
      const row = (data.items as Row[]).find((r) => !r.fix);
      if (row) return { product, row };
    }
  }
  throw new Error('the demo agency has no listings product with a mismatched directory');
}

test('a staff fix, then a rescan: the directory table updates live and the score changes', async ({
  page,
}) => {
  await logIn(page, 'admin@demo.pinpoint.local', /\/dashboard\//);
  const { product, row } = await productWithMismatch(page);
  await page.goto(`/dashboard/products/${product.slug}/${encodeId(product.id)}/listings`);
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
