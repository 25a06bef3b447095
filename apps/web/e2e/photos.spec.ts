import { encodeId } from '@pinpoint/contracts';
import exifr from 'exifr';
import sharp from 'sharp';
import { findDemoProduct, hasSubPage, running } from './demo-products';
import { expect, test } from './fixtures';
import { openAs } from './session';

/** A JPEG with a GPS position (Austin, TX), as a phone writes it. */
function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 180, channels: 3, background: '#2f855a' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PinpointCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 16/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '97/1 44/1 0/1',
      },
    })
    .toBuffer();
}

test('a photo uploaded to the profile shows in the gallery, and its stored copy has no GPS tag', async ({
  page,
}) => {
  // A product of the demo client's one company with a photos page, not a listings product.
  const product = await findDemoProduct(
    'client@demo.pinpoint.local',
    'a running product with photos',
    (p) =>
      running(p) &&
      p.slug !== 'managed-business-listings' &&
      p.slug !== 'business-listings' &&
      hasSubPage('photos')(p),
  );
  await openAs(
    page,
    product.account,
    `/dashboard/products/${product.slug}/${encodeId(product.id)}/photos`,
  );
  await expect(page.getByRole('heading', { name: 'Photos', level: 1 })).toBeVisible();
  // The demo's gallery shows real pictures.
  await expect(page.getByTestId('photo').first().locator('img')).toBeVisible();

  const original = await photoWithGps();
  expect(await exifr.gps(original)).toMatchObject({ latitude: expect.any(Number) });
  await page.getByRole('button', { name: 'Add a photo' }).click();
  const form = page.getByRole('form', { name: 'Add a photo' });
  await form.getByLabel('Category').selectOption('INTERIOR');
  await form.getByLabel(/^Picture/).setInputFiles({
    name: 'waiting-room.jpg',
    mimeType: 'image/jpeg',
    buffer: original,
  });
  await form.getByLabel('Caption (optional)').fill('Our new waiting room');
  await form.getByRole('button', { name: 'Upload' }).click();

  const uploaded = page.getByTestId('photo').filter({
    has: page.getByRole('button', { name: /Our new waiting room/ }),
  });
  await expect(uploaded).toBeVisible();
  // Sent to the profile by the outbox; the gallery hears of it without a reload.
  await expect(uploaded.getByTestId('photo-state')).toHaveText('Live', { timeout: 30_000 });

  // The stored copy, as the browser loads it, carries no position and no camera data.
  const src = await uploaded.locator('img').getAttribute('src');
  expect(src).toMatch(/^\/api\/uni\/client\/\d+\/images\/\d+$/);
  const stored = await page.request.get(src ?? '');
  expect(stored.ok()).toBe(true);
  const bytes = await stored.body();
  expect((await sharp(bytes).metadata()).format).toBe('jpeg');
  expect(await exifr.gps(bytes)).toBeUndefined();
  expect(await exifr.parse(bytes)).toBeUndefined();

  // The viewer opens on it, and Escape closes it.
  await uploaded.getByRole('button', { name: /Our new waiting room/ }).click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('img', { name: 'Our new waiting room' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});
