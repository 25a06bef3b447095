import AxeBuilder from '@axe-core/playwright';
import { DEMO_PASSWORD } from '@pinpoint/contracts';
import type { Page } from '@playwright/test';
import { type DemoAccount, sessionCookieOf } from './demo-sessions';
import { expect, test } from './fixtures';

/** The index addresses that redirect a signed-in user to their landing page. */
const INDEX = /^\/(dashboard|trial)\/?$/;

/**
 * Opens `path` signed in as a demo account, with the session global setup made for it
 * (demo-sessions.ts); without a path, the account's landing page (the employee home, the
 * trial overview…), reached through /dashboard's redirect as after signing in. A full
 * address on another host (`http://pinpoint.test:…/…`) gets the cookie for that host.
 */
export function openAs(page: Page, email: DemoAccount, path = '/dashboard') {
  return test.step(`open ${path} as ${email}`, async () => {
    const host = /^https?:/.test(path) ? new URL(path).hostname : 'localhost';
    await page.context().addCookies([{ ...sessionCookieOf(email), domain: host }]);
    await page.goto(path);
    if (INDEX.test(new URL(page.url()).pathname)) {
      await page.waitForURL((url) => !INDEX.test(url.pathname));
    }
  });
}

/**
 * Signs a demo account in through the login form and waits for its landing page. A step of
 * its own, so reports and traces show what signing in costs a test.
 */
export function logIn(page: Page, email: string, landing: RegExp = /\/(dashboard|trial)\//) {
  return test.step(`sign in as ${email}`, async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL(landing);
  });
}

/**
 * Watches a page's realtime sockets for the server's welcome. Call it before the page opens
 * (the listener must be on the socket from its first frame); the returned wait resolves
 * once the page is listening, so an event sent after it cannot be missed. Data a page
 * fetched before its socket opened is only refreshed on a *re*connect, so a test that acts
 * in another tab waits for this first (it failed so under load in CI).
 */
export function watchRealtime(page: Page): () => Promise<void> {
  let welcomed = false;
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"welcome"')) welcomed = true;
    });
  });
  return () =>
    expect.poll(() => welcomed, { message: 'the page listens on its realtime socket' }).toBe(true);
}

/**
 * Another demo account on the same page: leaves the current page first (its in-flight
 * calls would meet the other session), forgets the app's stored session and the cookies,
 * then opens `path` (by default the landing page) as `email`.
 */
export async function switchAccount(page: Page, email: DemoAccount, path?: string) {
  if (page.url().startsWith('http')) await page.evaluate(() => localStorage.clear());
  await page.goto('about:blank');
  await page.context().clearCookies();
  await openAs(page, email, path);
}

/**
 * axe-core on the page as it is now: no serious or critical violations (issue 7 and 8).
 * The failure message names each rule and its first offending element, to fix it quickly.
 * A step of its own: the analysis is the heaviest single thing a browser test does.
 */
export function expectNoSeriousA11yViolations(page: Page) {
  return test.step('axe-core analysis', async () => {
    // The page at rest: a button left under the pointer (just clicked) would be measured
    // hovered, or halfway through its colour transition, which fails colour contrast at
    // random. Move the pointer away and wait for the transitions that started to end.
    await page.mouse.move(0, 0);
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    // Legacy mode runs axe.run in the page (and its same-origin frames) instead of the
    // default's per-frame partial runs finished in a new blank page: the app has no
    // cross-origin frame to reach, and that page cost about a second per check. Only the
    // violations are collected in full (the passes' node lists were the other half).
    // Together: about 0.8 s a check instead of 2.2 s (docs/browser-tests.md).
    const results = await new AxeBuilder({ page })
      .setLegacyMode()
      .options({ resultTypes: ['violations'] })
      .analyze();
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical',
    );
    const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes[0]?.target.join(' ')}`);
    expect(summary, 'serious or critical accessibility violations').toEqual([]);
  });
}

/** Downtown Austin, where the demo agency has plumbers (and so do the simulated results). */
const AUSTIN = { lat: '30.2672', lng: '-97.7431' };

/** Fills the live scan form for a small 3×3 grid (centre typed in when it is not set yet). */
export async function fillSmallScan(page: Page, keyword: string) {
  await page.getByLabel('Keyword').fill(keyword);
  await page.getByLabel('Grid size').selectOption('3');
  await page.getByLabel('Radius').fill('1');
  const lat = page.getByLabel('Latitude');
  if ((await lat.inputValue()) === '') {
    await lat.fill(AUSTIN.lat);
    await page.getByLabel('Longitude').fill(AUSTIN.lng);
  }
}
