import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logIn, openAs } from './session';

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });

/** A tab whose window has the given width from the start (before the app loads). */
async function clientTabAt(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
  return { context, page };
}

test.describe('the dashboard layout', () => {
  test('at 767 px the sidebar starts closed and opens over the page', async ({ browser }) => {
    const { context, page } = await clientTabAt(browser, 767);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(sections(page)).toBeHidden();

    await menuButton(page).click();
    await expect(sections(page)).toBeVisible();
    await expect(sections(page).getByRole('link', { name: 'Overview' })).toBeVisible();
    // Choosing a section closes the overlay.
    await sections(page).getByRole('link', { name: 'My alerts' }).click();
    await expect(page).toHaveURL(/\/dashboard\/my-alerts$/);
    await expect(sections(page)).toBeHidden();
    await context.close();
  });

  test('at 768 px the sidebar starts open beside the page, and the button hides and shows it', async ({
    browser,
  }) => {
    const { context, page } = await clientTabAt(browser, 768);
    await expect(sections(page)).toBeVisible();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    for (const label of ['Overview', 'Activity', 'My alerts', 'Products', 'Profile']) {
      await expect(sections(page).getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await menuButton(page).click();
    await expect(sections(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await menuButton(page).click();
    await expect(sections(page)).toBeVisible();
    await context.close();
  });

  test('at 375 px the top bar fits: no sideways scrolling, every control reachable', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await openAs(page, 'owner@demo.pinpoint.local', '/dashboard/overview');
    await expect(page.getByLabel('Client')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await context.close();
  });

  test('the client switcher changes the selected company, and the choice survives a reload', async ({
    page,
  }) => {
    await openAs(page, 'owner@demo.pinpoint.local', '/dashboard/overview');
    const switcher = page.getByLabel('Client');
    await expect(switcher.locator('option')).toHaveCount(3);
    const options = await switcher.locator('option').allTextContents();
    const first = await switcher.locator('option:checked').textContent();
    const other = options.find((name) => name !== first) ?? '';

    await switcher.selectOption({ label: other });
    await expect(switcher.locator('option:checked')).toHaveText(other);
    // The page shows the new company too (the overview reads the selection), and so do
    // the notifications.
    await expect(page.getByRole('main')).toContainText(other);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toContainText(other);
    await panel.getByRole('button', { name: 'Close notifications' }).click();

    await page.reload();
    await expect(page.getByLabel('Client').locator('option:checked')).toHaveText(other);
    await expect(page.getByRole('main')).toContainText(other);
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(other);
  });

  test('the theme is light by default; dark is remembered across a reload', async ({ page }) => {
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-bs-theme', 'light');

    await page.getByRole('button', { name: /^Account menu/ }).click();
    const dark = page.getByRole('button', { name: 'Dark theme' });
    await expect(dark).toHaveAttribute('aria-pressed', 'false');
    await dark.click();
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');

    await page.reload();
    await expect(html).toHaveAttribute('data-bs-theme', 'dark');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(html).toHaveAttribute('data-bs-theme', 'light');
  });

  test('the account menu links to the profile and logs out', async ({ page }) => {
    // Its own session, through the login form: logging out ends it (the shared one lives on).
    await logIn(page, 'client@demo.pinpoint.local', /\/dashboard\/overview$/);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    // The sidebar has a Profile link too; this is the one in the open menu.
    await page.locator('.dropdown-menu.show').getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile\/[A-Za-z]+\+[123]-[A-Za-z0-9]{10}$/);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
