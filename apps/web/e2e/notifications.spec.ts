import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAs } from './session';

/** Opens the bell's panel showing only what waits for approval. */
async function openPending(page: Page) {
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const filter = panel.getByRole('button', { name: /^Waiting for approval/ });
  await filter.click();
  await expect(filter).toHaveAttribute('aria-pressed', 'true');
  // The full list stays on screen (busy) until the filtered page arrives.
  const list = panel.getByRole('list', { name: 'Notifications list' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(
    list.getByRole('listitem').filter({ hasNotText: 'Waiting for approval' }),
  ).toHaveCount(0);
  return panel;
}

test.describe('notifications with approval', () => {
  test('approving in one tab updates the other tab without a reload', async ({ context }) => {
    // Two tabs of one browser, signed in as the same client (the demo seed gives every
    // company two pending approvals).
    const first = await context.newPage();
    await openAs(first, 'client@demo.pinpoint.local', '/dashboard/overview');
    const second = await context.newPage();
    // The second tab must be listening before the first one acts: wait for its socket's
    // welcome message. The frame listener is attached in the same turn as the socket event,
    // on every socket the tab opens: awaiting the socket first could miss a welcome that
    // arrives in the same burst of protocol messages (it failed so once in CI).
    let welcomed = false;
    second.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"welcome"')) welcomed = true;
      });
    });
    await second.goto('/dashboard/overview');
    await expect.poll(() => welcomed).toBe(true);

    const panel1 = await openPending(first);
    const panel2 = await openPending(second);
    const items1 = panel1.getByRole('list', { name: 'Notifications list' }).getByRole('listitem');
    await expect(items1.first()).toBeVisible();
    const title = (await items1.first().getByRole('heading').textContent()) ?? '';
    expect(title).not.toBe('');
    // Titles can repeat (a company may have several reviews waiting for a reply), so the
    // second tab follows the same notification by the id its item is labelled with.
    const titleId = await items1.first().getByRole('heading').getAttribute('id');
    expect(titleId).toMatch(/^notification-\d+-title$/);
    const sameItem = (panel: typeof panel2) =>
      panel
        .getByRole('list', { name: 'Notifications list' })
        .locator(`li[aria-labelledby="${titleId}"]`);
    const item2 = sameItem(panel2);
    await expect(item2).toBeVisible();
    await expect(item2).toContainText('Waiting for approval');
    const pendingBefore = await panel2
      .getByRole('button', { name: /^Waiting for approval/ })
      .textContent();

    // A marker on the window survives only if the page is not reloaded.
    await second.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still here';
    });

    await items1.first().getByRole('button', { name: 'Approve' }).click();
    await expect(panel1.getByTestId('notifications-news')).toContainText(
      `“${title}” was approved by`,
    );

    // The second tab hears of it, says so, and its pending list no longer offers it.
    await expect(panel2.getByTestId('notifications-news')).toContainText(
      `“${title}” was approved by`,
    );
    await expect(item2).toHaveCount(0);
    await expect(panel2.getByRole('button', { name: /^Waiting for approval/ })).not.toHaveText(
      pendingBefore ?? '',
    );
    expect(await second.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'still here',
    );

    // In the full list the decision shows who took it.
    await panel2.getByRole('button', { name: 'All', exact: true }).click();
    const decided = sameItem(panel2);
    await expect(decided).toContainText('Approved by');
  });
});
