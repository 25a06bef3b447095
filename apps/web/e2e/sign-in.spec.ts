import { DEMO_PASSWORD } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test.describe('signing in', () => {
  const landings = [
    ['client@demo.pinpoint.local', '/dashboard/overview', 'Overview'],
    ['owner@demo.pinpoint.local', '/dashboard/overview', 'Overview'],
    ['employee@demo.pinpoint.local', '/dashboard/employee', 'Employee home'],
    ['rookie@demo.pinpoint.local', '/dashboard/employee/custom-rank/run', 'Custom rank grid'],
    ['admin@demo.pinpoint.local', '/dashboard/overview', 'Overview'],
    ['lead@demo.pinpoint.local', '/trial/overview', 'Your free trial'],
  ] as const;

  for (const [email, path, title] of landings) {
    test(`${email.split('@')[0]} lands on ${path}`, async ({ page }) => {
      await page.goto('/login');
      await logIn(page, email);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      // Every landing page is built now: none shows the placeholder.
      await expect(page.getByText('This section is not available yet.')).toHaveCount(0);
    });
  }

  test('a wrong password says so and signs nobody in', async ({ page, pageProblems }) => {
    // The refused sign-in is the point.
    pageProblems.expectErrorAnswer(401);
    await page.goto('/login');
    await logIn(page, 'client@demo.pinpoint.local', 'not-the-right-one');
    await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields are caught before anything is sent', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    await expect(page.getByText('Enter your password.')).toBeVisible();
  });

  test('a protected deep link returns there after signing in', async ({ page, pageProblems }) => {
    // The signed-out visitor's session check is answered 401, and the app goes to /login.
    pageProblems.expectErrorAnswer(401);
    await page.goto('/dashboard/employee');
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Femployee$/);
    await logIn(page, 'employee@demo.pinpoint.local');
    await expect(page).toHaveURL(/\/dashboard\/employee$/);
  });

  test('a lead opening /dashboard goes to /trial, a client opening /trial goes to /dashboard', async ({
    page,
    browser,
  }) => {
    await page.goto('/login');
    await logIn(page, 'lead@demo.pinpoint.local');
    await expect(page).toHaveURL(/\/trial\/overview$/);
    await page.goto('/dashboard/overview');
    await expect(page).toHaveURL(/\/trial\/overview$/);

    const other = await browser.newPage();
    await other.goto('/login');
    await logIn(other, 'client@demo.pinpoint.local');
    await expect(other).toHaveURL(/\/dashboard\/overview$/);
    await other.goto('/trial');
    await expect(other).toHaveURL(/\/dashboard\/overview$/);
    await other.close();
  });

  test('the descriptor is stored encrypted, never in readable form', async ({ page }) => {
    await page.goto('/login');
    await logIn(page, 'client@demo.pinpoint.local');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(storage).toContain('session');
    expect(storage).not.toContain('client@demo');
    expect(storage).not.toContain('"exp"');
  });
});

test.describe('the session check on a cold load', () => {
  /** The gateway calls that asked for the session, in the order the page sent them. */
  function sessionChecks(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (!request.url().endsWith('/database/request')) return;
      if (request.postDataJSON()?.url === '/api/auth/session') seen.push(request.url());
    });
    return seen;
  }

  test('with the cookie but no stored descriptor, one check is sent before the app loads', async ({
    page,
  }) => {
    await page.goto('/login');
    await logIn(page, 'client@demo.pinpoint.local');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    // A fresh tab's storage: the server session lives on, the descriptor is gone.
    await page.evaluate(() => localStorage.clear());
    const checks = sessionChecks(page);
    // The app's entry script is held until the check has gone out: only the early script
    // in the page's head can send it, so the page loads only if it does.
    let checkSent!: () => void;
    const sent = new Promise<void>((resolve) => {
      checkSent = resolve;
    });
    page.on('request', (request) => {
      if (request.url().endsWith('/database/request')) {
        if (request.postDataJSON()?.url === '/api/auth/session') checkSent();
      }
    });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await sent;
      await route.continue();
    });
    await page.goto('/dashboard/products');
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    // Sent by public/session-early.js, taken by the app: not asked a second time.
    expect(checks).toHaveLength(1);
    expect(await page.evaluate(() => localStorage.getItem('session'))).not.toBeNull();
    // With the descriptor stored again, a reload needs no check at all.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
    expect(checks).toHaveLength(1);
  });

  test('signed out, the early check is refused and the sign-in form takes the page', async ({
    page,
    pageProblems,
  }) => {
    pageProblems.expectErrorAnswer(401);
    const checks = sessionChecks(page);
    await page.goto('/dashboard/overview');
    await expect(page).toHaveURL(/\/login\?next=/);
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    expect(checks).toHaveLength(1);
  });
});

test.describe('signing out and expiry', () => {
  test('log out ends the session and clears local storage', async ({ page, pageProblems }) => {
    // After logging out, the session check on a protected page is answered 401.
    pageProblems.expectErrorAnswer(401);
    await page.goto('/login');
    await logIn(page, 'client@demo.pinpoint.local');
    await expect(page).toHaveURL(/\/dashboard\/overview$/);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const session = await page.request.get('/api/auth/session');
    expect(session.status()).toBe(401);
    await page.goto('/dashboard/overview');
    await expect(page).toHaveURL(/\/login\?next=/);
  });

  test('past exp, the next navigation clears storage and lands on /login', async ({ page }) => {
    await page.clock.install();
    await page.goto('/login');
    await logIn(page, 'employee@demo.pinpoint.local');
    await expect(page).toHaveURL(/\/dashboard\/employee$/);
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);

    await page.clock.fastForward('12:00:01');
    await page.getByRole('link', { name: 'Custom rank' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    const session = await page.request.get('/api/auth/session');
    expect(session.status()).toBe(401);
  });
});

test.describe('trial sign-up', () => {
  test('creates a trial lead, signs it in and lands on the trial area', async ({ page }) => {
    await page.goto('/signup');
    await page.getByLabel('Company').fill('Northside Roofing');
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('North');
    await page.getByLabel('Work email').fill(`nora+${Date.now()}@northside.example`);
    await page.getByLabel('Password').fill('slate-shingle-ridge-42');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page).toHaveURL(/\/trial\/overview$/);
    await expect(page.getByText('Trial', { exact: true })).toBeVisible();
  });

  test('explains a password that is too common', async ({ page, pageProblems }) => {
    // The refused sign-up is the point.
    pageProblems.expectErrorAnswer(400);
    await page.goto('/signup');
    await page.getByLabel('Company').fill('Northside Roofing');
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('North');
    await page.getByLabel('Work email').fill(`nora+${Date.now()}@northside.example`);
    await page.getByLabel('Password').fill('password1234');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page.getByText('This password is too common.', { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });
});
