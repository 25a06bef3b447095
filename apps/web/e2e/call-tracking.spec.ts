import { CALL_RECORDING_TYPE_ERROR, encodeId } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { findDemoProduct, running } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

/** A running call tracking product of a client, then of the owner of three, then any. */
const callsProduct = () =>
  findDemoProduct(
    ['client@demo.pinpoint.local', 'owner@demo.pinpoint.local', 'admin@demo.pinpoint.local'],
    'a running google-calls-advisor product',
    (p) => p.slug === 'google-calls-advisor' && running(p),
  );

async function openReport(page: Page) {
  const product = await callsProduct();
  await openAs(
    page,
    product.account,
    `/dashboard/products/google-calls-advisor/${encodeId(product.id)}`,
  );
  await expect(page.getByTestId('ctm-freshness')).toContainText('Last synced');
  await expect(page.getByTestId('report-figure').first()).toBeVisible();
  await expect(page.getByTestId('ctm-call').first()).toBeVisible();
  return product;
}

/** The first call of the list that has a recording to play. */
const recordedRow = (page: Page) =>
  page
    .getByTestId('ctm-call')
    .filter({ has: page.getByRole('button', { name: /^Play recording/ }) })
    .first();

test.describe('call tracking', () => {
  test('a client sees calls by source, filters to missed calls and plays a recording', async ({
    page,
  }) => {
    await openReport(page);
    for (const label of ['Calls', 'Answered', 'Missed', 'Voicemail', 'First-time callers']) {
      await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('ctm-sources')).toContainText('Google Business Profile');
    await page.getByRole('button', { name: 'Show data' }).click();
    await expect(page.getByRole('table', { name: 'Calls by source: data' })).toBeVisible();

    // Only missed calls, then back to all.
    await page.getByLabel('Outcome').selectOption('missed');
    await expect(page.getByTestId('ctm-call-status').first()).toHaveText('Missed');
    await expect
      .poll(async () => new Set(await page.getByTestId('ctm-call-status').allInnerTexts()))
      .toEqual(new Set(['Missed']));
    await page.getByLabel('Outcome').selectOption('');
    await expect
      .poll(async () => new Set(await page.getByTestId('ctm-call-status').allInnerTexts()).size)
      .toBeGreaterThan(1);

    await recordedRow(page)
      .getByRole('button', { name: /^Play recording/ })
      .click();
    const audio = page.getByTestId('ctm-recording');
    await expect(audio).toBeVisible();
    expect(await audio.getAttribute('src')).toMatch(/^blob:/);
    // The browser decoded real MP3 audio: its metadata loaded with a duration.
    const duration = await audio.evaluate(
      (element: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          const ready = () => element.readyState >= 1 && element.duration > 0;
          if (ready()) return resolve(element.duration);
          element.addEventListener('loadedmetadata', () =>
            ready() ? resolve(element.duration) : reject(new Error('no duration')),
          );
          element.addEventListener('error', () => reject(new Error('the audio did not load')));
        }),
    );
    expect(duration).toBeGreaterThan(3);
    await expectNoSeriousA11yViolations(page);
  });

  test('a recording answered with the wrong content type shows the SPEC message', async ({
    page,
  }) => {
    await openReport(page);
    await page.route('**/api/uni/products/ctm/*/calls/*/recording', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<html>Not audio</html>' }),
    );
    const row = recordedRow(page);
    await row.getByRole('button', { name: /^Play recording/ }).click();
    await expect(row.getByRole('alert')).toHaveText(CALL_RECORDING_TYPE_ERROR);
    await expect(row.getByTestId('ctm-recording')).toHaveCount(0);
  });

  test('the call list searches and pages from the keyboard', async ({ page }) => {
    await openReport(page);
    await page.getByLabel('Caller', { exact: true }).selectOption('no');
    await expect(page.getByTestId('ctm-call').first()).toBeVisible();
    await expect(page.getByTestId('ctm-call').filter({ hasText: 'First call' })).toHaveCount(0);
    await page.getByLabel('Caller', { exact: true }).selectOption('');
    const pager = page.getByRole('navigation', { name: 'Call pages' });
    if (await pager.isVisible()) {
      await pager.getByRole('button', { name: 'Next' }).focus();
      await page.keyboard.press('Enter');
      await expect(pager).toContainText('Page 2 of');
    }
    await page.getByLabel('Search number or city').fill('zzzz-no-such-city');
    await expect(page.getByText('No calls match in this period.')).toBeVisible();
  });
});
