import { encodeId, LSA_RECORDING_TYPE_ERROR } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { findDemoProduct, running } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

/**
 * A running Local Services Ads product a client account sees (the demo gives each company a
 * random mix of products): the one-company client first, then the owner of three.
 */
const lsaProductOfAClient = () =>
  findDemoProduct(
    ['client@demo.pinpoint.local', 'owner@demo.pinpoint.local'],
    'a running Local Services Ads product',
    (p) => p.slug === 'local-services-ads' && running(p),
  );

async function openReport(page: Page) {
  const product = await lsaProductOfAClient();
  await openAs(
    page,
    product.account,
    `/dashboard/products/local-services-ads/${encodeId(product.id)}`,
  );
  await expect(page.getByTestId('lsa-freshness')).toContainText('Last synced');
  await expect(page.getByTestId('report-figure').first()).toBeVisible();
  await expect(page.getByTestId('lsa-lead').first()).toBeVisible();
  return product;
}

/** The first lead row of the list that has a recording to play. */
const recordedRow = (page: Page) =>
  page
    .getByTestId('lsa-lead')
    .filter({ has: page.getByRole('button', { name: /^Play recording/ }) })
    .first();

test.describe('local services ads', () => {
  test('a client reads the LSA report and plays a call recording', async ({ page }) => {
    await openReport(page);
    for (const label of ['Leads', 'Charged leads', 'Cost per lead', 'Spend']) {
      await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Show data' }).click();
    await expect(page.getByRole('table', { name: 'Leads by day: data' })).toBeVisible();

    const row = recordedRow(page);
    await row.getByRole('button', { name: /^Play recording/ }).click();
    // The button gives way to the player, so the row no longer matches the filter above.
    const audio = page.getByTestId('lsa-recording');
    await expect(audio).toBeVisible();
    // The browser decoded real MP3 audio: metadata loaded with a duration, then it plays.
    await audio.evaluate(
      (element: HTMLAudioElement) =>
        new Promise<void>((resolve, reject) => {
          const ready = () => element.readyState >= 1 && element.duration > 0;
          if (ready()) return resolve();
          element.addEventListener('loadedmetadata', () =>
            ready() ? resolve() : reject(new Error('no duration')),
          );
          element.addEventListener('error', () => reject(new Error('the audio did not load')));
        }),
    );
    // It may be playing already (autoplay after the click): play() resolves once it plays.
    const playing = await audio.evaluate(async (element: HTMLAudioElement) => {
      element.muted = true;
      await element.play();
      return { duration: element.duration, paused: element.paused };
    });
    expect(playing.duration).toBeGreaterThan(3);
    expect(playing.paused).toBe(false);
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
      .toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('a recording answered with the wrong content type shows the SPEC message', async ({
    page,
  }) => {
    await openReport(page);
    // The fake "server" for this one request: it answers HTML instead of audio/mpeg.
    await page.route('**/api/lsa/calls/recording', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<html><body>Not audio</body></html>',
      }),
    );
    const row = recordedRow(page);
    await row.getByRole('button', { name: /^Play recording/ }).click();
    await expect(row.getByRole('alert')).toHaveText(LSA_RECORDING_TYPE_ERROR);
    await expect(row.getByTestId('lsa-recording')).toHaveCount(0);
  });

  test('leads filter by type, status and charge, and page', async ({ page }) => {
    await openReport(page);
    await page.getByLabel('Charge').selectOption('no');
    await expect(page.getByTestId('lsa-lead').first()).toContainText('Not charged');
    const charges = await page.getByTestId('lsa-lead').allInnerTexts();
    expect(charges.every((text) => text.includes('Not charged'))).toBe(true);
    await page.getByLabel('Charge').selectOption('');
    await page.getByLabel('Type').selectOption('MESSAGE');
    await expect(page.getByTestId('lsa-lead').first()).toContainText('Message');
    await page.getByLabel('Type').selectOption('');
    const pager = page.getByRole('navigation', { name: 'Lead pages' });
    if (await pager.isVisible()) {
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(pager).toContainText('Page 2 of');
    }
  });
});
