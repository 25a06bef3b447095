import { DEMO_PASSWORD } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function googlePopup(page: Page, login: string) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.getByPlaceholder('Enter any login').fill(login);
  await popup.getByPlaceholder('and password').fill('anything');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  // Listen before the last click: the page closes the popup as soon as it reports back.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

async function facebookPopup(page: Page, email: string) {
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  const popup = await popupPromise;
  await popup.getByLabel('Email').fill(email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

test.describe('social sign-in by popup', () => {
  test('Google-style: a new person completes the popup and lands signed in as a trial lead', async ({
    page,
  }) => {
    await page.goto('/login');
    await googlePopup(page, `g${Date.now()}@example.test`);
    await expect(page).toHaveURL(/\/trial\/overview$/);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expect(page.getByRole('button', { name: 'Sign out of Google' })).toBeVisible();
  });

  test('Facebook-style: completes the popup, then signs out of Facebook only', async ({ page }) => {
    await page.goto('/login');
    await facebookPopup(page, `f${Date.now()}@example.test`);
    await expect(page).toHaveURL(/\/trial\/overview$/);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out of Facebook' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/session')).status()).toBe(401);
  });

  test('an existing account confirms its password to link, then lands signed in', async ({
    page,
    baseURL,
  }) => {
    // An account of this test's own, with a password, that no provider knows yet.
    const email = `link${Date.now()}@example.test`;
    const password = 'quartz-harbor-lantern-7';
    const created = await page.request.post('/api/freemium/create', {
      headers: { origin: baseURL ?? '' },
      data: { company: 'Link Test Co', first_name: 'Lin', last_name: 'Ker', email, password },
    });
    expect(created.status()).toBe(200);
    await page.request.post('/api/auth/logout', { headers: { origin: baseURL ?? '' }, data: {} });

    await page.goto('/login');
    await googlePopup(page, email);
    await expect(page.getByText('A Pinpoint account already uses')).toBeVisible();
    await page.getByLabel(`Password for ${email}`).fill(password);
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await expect(page).toHaveURL(/\/trial\/overview$/);

    // From now on the same provider identity signs straight in (the provider remembers
    // the person, so its popup passes through without a form).
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(/\/trial\/overview$/);
  });

  test('signing out of a provider leaves a password session alone', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('client@demo.pinpoint.local');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    const ended = await page.evaluate(async () => {
      const res = await fetch('/api/auth/social/google/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      return res.json();
    });
    expect(ended).toEqual({ ok: true, signedOut: false });
    expect((await page.request.get('/api/auth/session')).status()).toBe(200);
  });
});
