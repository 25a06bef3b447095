import { readFile } from 'node:fs/promises';
import { encodeId } from '@pinpoint/contracts';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { findDemoProduct } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** An active product of the client's (not SEO Pro, whose page has no QR codes link). */
const activeProduct = () =>
  findDemoProduct(
    'client@demo.pinpoint.local',
    'an active product',
    (p) => p.status === 'active' && p.slug !== 'seo-pro',
  );

test('a QR code is created, its PNG decodes to our redirect, and a phone scan shows under its OS', async ({
  page,
}) => {
  const product = await activeProduct();
  await openAs(
    page,
    product.account,
    `/dashboard/products/${product.slug}/qr-codes/${encodeId(product.id)}`,
  );
  await expect(page.getByRole('heading', { name: 'QR codes', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scans', level: 2 })).toBeVisible();

  // Only web addresses: the form says so at the field.
  const name = `Counter card ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Opens this address').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Create QR code' }).click();
  await expect(
    page.getByText('Only web addresses (https:// or http://) can be used.'),
  ).toBeVisible();

  const target = `https://example.com/menu?qr=${Date.now()}`;
  await page.getByLabel('Opens this address').fill(target);
  await page.getByRole('button', { name: 'Create QR code' }).click();
  await expect(page.getByText(`QR code “${name}” created.`)).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(item.getByText(target)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The downloaded PNG decodes to our short redirect.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('link', { name: /Download PNG/ }).click(),
  ]);
  const png = PNG.sync.read(await readFile((await download.path()) ?? ''));
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  const origin = new URL(page.url()).origin;
  expect(decoded?.data).toMatch(new RegExp(`^${origin}/q/[A-Za-z0-9_-]{10}$`));
  const redirect = decoded?.data ?? '';
  await expect(item.getByText(redirect)).toBeVisible();

  // Phones scan it: each is counted and sent on to the target.
  for (const userAgent of [IPHONE_UA, IPHONE_UA, ANDROID_UA]) {
    const scan = await page.request.get(redirect, {
      maxRedirects: 0,
      headers: { 'user-agent': userAgent },
    });
    expect(scan.status()).toBe(302);
    expect(scan.headers().location).toBe(target);
  }

  // Scans are written in short batches: look until they are in the code's analytics.
  await expect(async () => {
    await page.reload();
    await page.getByLabel('Codes', { exact: true }).selectOption({ label: name });
    const os = page.getByRole('region', { name: 'Operating system' });
    await expect(os.getByRole('row', { name: /iOS/ })).toContainText('2', { timeout: 2_000 });
    await expect(os.getByRole('row', { name: /Android/ })).toContainText('1', { timeout: 2_000 });
    await expect(item.getByText(/^3 scans/)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('qr-totals')).toContainText('3');
});
