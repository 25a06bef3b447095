import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, openAs } from './session';

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

test.describe('the realtime channel in the browser', () => {
  test('one tab opens exactly one socket, and a reported error reaches the live page without a reload', async ({
    page,
    baseURL,
  }) => {
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    await openAs(page, 'employee@demo.pinpoint.local');
    await expect(page).toHaveURL(/\/dashboard\/employee$/);
    await sections(page).getByRole('link', { name: 'System status' }).click();
    await expect(page).toHaveURL(/\/dashboard\/employee\/status$/);
    await sections(page).getByRole('link', { name: 'Live bug reports' }).click();
    await expect(page.getByRole('heading', { name: 'Live bug reports' })).toBeVisible();
    await expect(page.getByTestId('realtime-status')).toHaveText('Live');
    expect(sockets).toEqual([`${baseURL?.replace('http', 'ws')}/ws`]);

    // A marker on the window survives only if the page is not reloaded.
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still here';
    });
    const message = `Live report ${Date.now()}`;
    const res = await page.request.post('/api/status/create', {
      headers: { origin: baseURL ?? '' },
      data: { message, page: '/dashboard/billing' },
    });
    expect(res.status()).toBe(200);

    const feed = page.getByRole('list', { name: 'Latest changes' });
    await expect(feed).toContainText(message);
    await expect(feed).toContainText('New');
    const row = page.getByRole('table', { name: 'Latest error logs' }).getByRole('row', {
      name: new RegExp(message),
    });
    await expect(row).toContainText('1');

    // A repeat raises the count in place.
    await page.request.post('/api/status/create', {
      headers: { origin: baseURL ?? '' },
      data: { message, page: '/dashboard/billing' },
    });
    await expect(row.getByRole('cell').nth(2)).toHaveText('2');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'still here',
    );
    expect(sockets).toHaveLength(1);
  });

  test('sign-ins appear on the live login report as they happen', async ({ page, browser }) => {
    await openAs(page, 'admin@demo.pinpoint.local', '/dashboard/live-login-reports');
    await expect(page.getByTestId('realtime-status')).toHaveText('Live');
    const table = page.getByRole('table', { name: 'Sign-in attempts' });
    const ownerRows = table.getByRole('row', { name: /owner@demo\.pinpoint\.local/ });
    await expect(table).toBeVisible();
    const before = await ownerRows.count();

    const other = await browser.newContext();
    const clientPage = await other.newPage();
    // The subject is a sign-in, so this one goes through the form.
    await logIn(clientPage, 'owner@demo.pinpoint.local', /\/dashboard\/overview$/);
    await other.close();

    // Other browser tests sign in at the same time, so count this user's rows.
    await expect.poll(() => ownerRows.count()).toBeGreaterThan(before);
    await expect(ownerRows.first()).toContainText('Signed in');
  });

  test('the live reports are not there for a client', async ({ page }) => {
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    for (const path of ['/dashboard/live-bug-reports', '/dashboard/live-login-reports']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
  });
});
