import { expect, test } from './fixtures';
import { openAs } from './session';

/**
 * The overview's key figures arrive after the panels below them are on screen; their
 * placeholders must take the loaded cards' room, or the panels jump (Lighthouse counted
 * 0.1 of layout shift on desktop before). The figures' request is held back to look at
 * the page in between, at the desktop size Lighthouse uses.
 */
test('the panels below the key figures stay put while the figures load', async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 940 });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/database/request', async (route) => {
    if (route.request().postData()?.includes('/api/uni/charts/overview/')) await held;
    await route.fallback();
  });
  await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');

  const figures = page.getByRole('region', { name: 'Key figures' });
  const products = page.getByRole('region', { name: 'Your products' });
  await expect(page.getByTestId('kpi-placeholders')).toBeVisible();
  await expect(figures).toHaveAttribute('aria-busy', 'true');
  await expect(products.getByRole('list', { name: 'Products' })).toBeVisible();
  const before = { figures: await figures.boundingBox(), products: await products.boundingBox() };
  await page.evaluate(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift' });
  });

  release();
  // The demo client has every KPI in the last 90 days (leads and spend included): as many
  // as the placeholders.
  await expect(page.getByTestId('kpi-card')).toHaveCount(8);
  await expect(page.getByTestId('kpi-placeholders')).toHaveCount(0);
  await expect(figures).toHaveAttribute('aria-busy', 'false');
  const after = { figures: await figures.boundingBox(), products: await products.boundingBox() };
  expect(after.figures?.height).toBeCloseTo(before.figures?.height ?? 0, 0);
  expect(after.products?.y).toBeCloseTo(before.products?.y ?? 0, 0);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
  expect(shifts).toBeLessThan(0.01);
});
