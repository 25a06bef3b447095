import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeId, encodeId } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

const CLIENT = 'client@demo.pinpoint.local' as const;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** `UPDATE_SCREENSHOTS=1` also writes the docs' screenshots of the view page. */
const screenshotDir = process.env.UPDATE_SCREENSHOTS
  ? fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url))
  : null;

/** The metrics DECISIONS.md defines, recomputed here from the pins the page shows. */
async function metricsFromPins(page: Page) {
  const pins = await page
    .getByTestId('points-table')
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => ({
        state: row.getAttribute('data-point-state'),
        rank: Number(row.getAttribute('data-point-rank') || 'NaN'),
      })),
    );
  const found = pins.filter((p) => p.state === 'found');
  const measured = pins.filter((p) => p.state === 'found' || p.state === 'not_found');
  const n = measured.length;
  const sum = found.reduce((total, p) => total + p.rank, 0);
  return {
    pins: pins.length,
    arp: found.length ? sum / found.length : null,
    atrp: n ? (sum + 21 * (n - found.length)) / n : null,
    solv: n ? (100 * found.filter((p) => p.rank <= 3).length) / n : null,
    foundIn: found.length,
  };
}

async function cardValue(page: Page, key: string): Promise<number | null> {
  const value = await page.getByTestId(`metric-${key}`).getAttribute('data-value');
  return value ? Number(value) : null;
}

test('a client runs a 5×5 scan, watches it finish, and reads and exports its view', async ({
  page,
}) => {
  await openAs(page, CLIENT);

  // (a) The live page: quota first, the grid previewed around the business, then the run.
  await page.goto('/dashboard/local-rank-grid/live');
  await expect(page.getByTestId('scan-quota')).toContainText('Points left today');
  await expect(page.getByRole('region', { name: /Preview of the grid/ })).toBeVisible();
  await page.getByRole('button', { name: /Start scan/ }).click();
  // Field errors are the contracts' own messages, shown at the field.
  await expect(page.getByText('Type a keyword to search for.')).toBeVisible();
  await expect(page.getByLabel('Keyword')).toHaveAttribute('aria-invalid', 'true');
  // The centre can be moved with the town search, from the keyboard.
  const latitude = page.getByLabel('Latitude');
  const before = await latitude.inputValue();
  await page.getByRole('combobox', { name: 'Find a town to centre on' }).fill('Austin');
  await expect(
    page.getByRole('listbox', { name: 'Matching towns' }).getByRole('option').first(),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(latitude).not.toHaveValue(before);
  await page.getByLabel('Keyword').fill('emergency plumber');
  await expect(page.getByTestId('scan-quota')).toContainText('this scan: 25 points');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: /Start scan \(25 points\)/ }).click();
  const bar = page.getByRole('progressbar', { name: 'Scan progress' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  await page.getByRole('link', { name: 'Open the full report' }).click();
  await page.waitForURL(/\/dashboard\/local-rank-grid\/view\//);

  // (b) The cards agree with the pins shown.
  const view = page.getByTestId('scan-view');
  await expect(view).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('points-table').locator('tbody tr')).toHaveCount(25);
  await expect(page.locator('.leaflet-marker-pane [data-point-index]')).toHaveCount(25);
  const expected = await metricsFromPins(page);
  expect(expected.pins).toBe(25);
  for (const key of ['arp', 'atrp', 'solv'] as const) {
    const shown = await cardValue(page, key);
    if (expected[key] === null) expect(shown, key).toBeNull();
    else expect(shown, key).toBeCloseTo(expected[key] as number, 6);
  }
  expect(await cardValue(page, 'foundIn')).toBe(expected.foundIn);

  // A pin opens its point's results from the keyboard.
  const pin = page.locator('.leaflet-marker-pane [data-point-index="12"]');
  await pin.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('point-results')).toContainText('Point 13');

  // (c) Exports.
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toMatch(
    /^rank-grid-emergency-plumber-\d{4}-\d\d-\d\d\.csv$/,
  );
  const csv = (await readFile(await csvDownload.path())).toString('utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('index,row,col,lat,lng,state,rank,top result');
  expect(lines).toHaveLength(26);
  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PNG' }).click(),
  ]);
  expect(pngDownload.suggestedFilename()).toMatch(/\.png$/);
  const png = await readFile(await pngDownload.path());
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  if (screenshotDir) await pngDownload.saveAs(path.join(screenshotDir, 'rank-grid-export.png'));

  // (d) Accessibility of the view.
  await expectNoSeriousA11yViolations(page);

  // (e) At 375 px nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(view).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a seeded scan is compared side by side with an earlier one of the same settings', async ({
  page,
  baseURL,
}) => {
  await openAs(page, CLIENT);
  // The client's company id, from the profile link, then its newest scan per keyword.
  const profile = await page.getByRole('link', { name: 'Profile' }).getAttribute('href');
  const companyId = decodeId(profile?.split('/').pop());
  const answer = await page.request.post('/database/request', {
    headers: { origin: baseURL ?? '' },
    data: { method: 'GET', url: `/api/localrank/latest/keyword?companyId=${companyId}` },
  });
  const { scans } = (await answer.json()) as { scans: { id: number }[] };
  expect(scans.length).toBeGreaterThan(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/dashboard/local-rank-grid/view/${encodeId(scans[0]?.id ?? 0)}`);
  await expect(page.getByTestId('scan-view')).toHaveAttribute('data-status', 'done');
  // Weekly history: the change since the previous scan is on the cards.
  await expect(page.getByText(/: (better|worse)$|^No change$/).first()).toBeVisible();

  const picker = page.getByLabel('Compare with an earlier scan of the same settings');
  await picker.selectOption({ index: 1 });
  const compare = page.getByTestId('compare-view');
  await expect(compare.getByRole('region', { name: /Rank grid map: This scan/ })).toBeVisible();
  await expect(compare.getByRole('region', { name: /Rank grid map: Earlier scan/ })).toBeVisible();
  await expect(compare.getByTestId('earlier-atrp')).toHaveAttribute('data-value', /\d/);
  await expectNoSeriousA11yViolations(page);
  if (screenshotDir) {
    await page.screenshot({
      path: path.join(screenshotDir, 'rank-grid-view-1280.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(compare).toBeVisible();
    await page.screenshot({
      path: path.join(screenshotDir, 'rank-grid-view-375.png'),
      fullPage: true,
    });
  }
});
