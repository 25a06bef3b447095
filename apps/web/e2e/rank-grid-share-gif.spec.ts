import { encodeId } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

/**
 * The newest finished 3×3 demo scan of the signed-in client (18 months of weekly scans);
 * other tests running beside this one may have added larger scans since.
 */
async function newestScanId(page: Page): Promise<number> {
  const clients = await page.request.get('/api/uni/user/clients');
  expect(clients.ok()).toBe(true);
  const companyId: number = (await clients.json()).clients[0].id;
  const latest = await page.request.get(`/api/localrank/latest/four?companyId=${companyId}`);
  expect(latest.ok()).toBe(true);
  const scans: { id: number; size: number }[] = (await latest.json()).scans;
  const scanId = scans.find((scan) => scan.size === 3)?.id;
  if (!scanId) throw new Error('the demo client has no finished scan');
  return scanId;
}

test('a client shares a scan, a signed-out visitor opens it, and a GIF is made', async ({
  page,
  browser,
  pageProblems,
}) => {
  // The forged link is refused on purpose.
  pageProblems.expectErrorAnswer(400, 'This scan link is not valid.');
  await openAs(page, 'client@demo.pinpoint.local');
  const scanId = await newestScanId(page);
  await page.goto(`/dashboard/local-rank-grid/view/${encodeId(scanId)}`);

  // Share link: a read-only address with a token, and its expiry.
  const share = page.getByRole('region', { name: 'Share this scan' });
  await share.getByLabel('Link expires after').selectOption('1');
  await share.getByRole('button', { name: 'Create link' }).click();
  const field = share.getByRole('textbox', { name: 'Read-only link' });
  await expect(field).toHaveValue(/\/shared\/scan\?token=[\w-]+\.[\w-]+$/);
  await expect(share.getByTestId('scan-share-expiry')).toContainText('Works until');
  const url = await field.inputValue();

  // A fresh context at phone width: no session cookie, no storage.
  const visitor = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const shared = await visitor.newPage();
  await shared.goto(url);
  await expect(shared.getByRole('heading', { level: 1, name: /^Rank grid for / })).toBeVisible();
  await expect(shared.getByTestId('grid-heatmap').locator('> div')).toHaveCount(9);
  await expect(shared.getByTestId('metric-ATRP')).toHaveText(/^\d+\.\d$/);
  await expect(shared.getByRole('table').first().getByRole('row')).toHaveCount(10);
  const overflow = await shared.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow, 'sideways scroll at 375 px').toBe(false);
  await expectNoSeriousA11yViolations(shared);
  // A forged link says so instead of showing anything.
  await shared.goto(`${url.slice(0, -1)}${url.at(-1) === 'A' ? 'B' : 'A'}`);
  await expect(shared.getByTestId('link-problem')).toContainText('This scan link is not valid.');
  await visitor.close();

  // GIF of three scans: progress to 100 %, then a download that is a real GIF.
  const gif = page.getByRole('region', { name: 'Animated GIF' });
  await expect(gif.getByText(/scans are available/)).toBeVisible();
  await gif.getByLabel('Scans in the GIF').fill('3');
  await gif.getByRole('button', { name: 'Make GIF' }).click();
  await expect(gif.getByTestId('rank-gif-done')).toContainText('100%', { timeout: 20_000 });
  await expect(gif.getByRole('img', { name: /Animated rank grid/ })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    gif.getByRole('link', { name: 'Download GIF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^rank-grid-.*\.gif$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 6).toString('latin1')).toBe('GIF89a');
  await expectNoSeriousA11yViolations(page);
});

test('the shared page explains a missing link, at phone width without sideways scroll', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/shared/scan');
  await expect(page.getByTestId('link-problem')).toContainText('This scan link is not valid.');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow).toBe(false);
  await expectNoSeriousA11yViolations(page);
});
