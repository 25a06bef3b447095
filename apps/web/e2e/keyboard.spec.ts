import type { Page } from '@playwright/test';
import type { DemoAccount } from './demo-sessions';
import { expect, test } from './fixtures';
import {
  activate,
  chartsWithoutTable,
  expectDialogTrap,
  pointsOf,
  signInByKeyboard,
} from './keyboard-checks';
import { pressAndProbe, probe, problemsOf, startAtTop, tabTo, walkPage } from './keyboard-walk';
import { E2E_PORT } from './ports';
import { inGroups, ROLE_ACCOUNTS, ROLE_PAGES } from './role-pages';
import { expectNoSeriousA11yViolations, openAs } from './session';

/**
 * Issue 8: every screen works with the keyboard alone. Every page of every role is walked
 * with Tab: each stop must be on screen and show focus, the walk must reach the page's end
 * (no trap), and signed-in pages start with the skip link. Dialogs trap focus and give it
 * back; charts and maps have their data as a table; the main flows run without a mouse.
 *
 * Transitions are off (reduced motion) so a focus ring is read at its final look, not
 * mid-fade. "pinpoint.test" is not a dev host, so the timelines page shows its charts there.
 */
test.use({
  reducedMotion: 'reduce',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--host-resolver-rules=MAP pinpoint.test 127.0.0.1',
    ],
  },
});

const SKIP_LINK = 'a “Skip to main content”';

/** The page's heading is up and its loading states are gone (as the axe spec waits). */
async function ready(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  // Parts that arrive late (the login page's provider buttons) would move stops after
  // they were scrolled to.
  await page.waitForLoadState('networkidle');
}

/**
 * From the top of a signed-in page, the skip link is the first stop and Enter on it puts
 * focus on the page's main part, so the next Tab is inside it.
 */
async function expectSkipLink(page: Page) {
  await startAtTop(page);
  expect((await pressAndProbe(page, 'Tab')).name).toBe(SKIP_LINK);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  expect((await pressAndProbe(page, 'Tab', 'main')).inside).toBe(true);
}

/**
 * Walks each page with Tab, signed in as `account` (its stored session) or signed out;
 * returns the number of stops checked and the capped pages. The pages are shared out over a
 * few tabs of the same browser context, walked side by side: a key press mostly waits for
 * the browser to draw, not for the processor.
 */
async function walkPages(
  first: Page,
  paths: readonly string[],
  account: DemoAccount | null,
  /** The one page whose frame (top bar, sections) is walked in full, skip link and all. */
  framePage: string | null = null,
  lanes = 2,
) {
  const signedIn = account !== null;
  let checked = 0;
  const capped: string[] = [];
  const walkOne = async (page: Page, path: string) => {
    if (account) await openAs(page, account, path);
    else await page.goto(path);
    await ready(page);
    // The frame (top bar, sections) is walked in full on the role's first page only.
    const walk = await walkPage(page, { skipFrame: signedIn && path !== framePage });
    checked += walk.stops.length;
    if (walk.capped) capped.push(path);
    expect(walk.problems, `focus problems on ${path}`).toEqual([]);
    expect(walk.reachedEnd, `Tab leaves ${path} after its last stop`).toBe(true);
    expect(walk.stops.length, `${path} has focus stops`).toBeGreaterThan(0);
    if (signedIn) expect(walk.stops[0]?.name, `first stop on ${path}`).toBe(SKIP_LINK);
    else expect(walk.stops.map((s) => s.name)).not.toContain(SKIP_LINK);
    expect(await chartsWithoutTable(page), `charts without a data table on ${path}`).toEqual([]);
    if (signedIn && path === framePage) await expectSkipLink(page);
  };
  const tabs = [first];
  while (tabs.length < Math.min(lanes, paths.length)) tabs.push(await first.context().newPage());
  await Promise.all(
    tabs.map(async (page, lane) => {
      for (let i = lane; i < paths.length; i += tabs.length) await walkOne(page, paths[i] ?? '');
    }),
  );
  for (const extra of tabs.slice(1)) await extra.close();
  return { checked, capped };
}

/** Records what a walk covered in the test's report. */
function note(walked: { checked: number; capped: string[] }) {
  test.info().annotations.push({ type: 'focus stops', description: String(walked.checked) });
  if (walked.capped.length > 0) {
    test.info().annotations.push({
      type: 'over 100 presses (end checked from the last element)',
      description: walked.capped.join(' '),
    });
  }
}

/** The sidebar's link to its own profile page, followed by keyboard. */
async function walkProfile(page: Page, account: DemoAccount) {
  const link = page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Profile' });
  await startAtTop(page);
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Company profile', level: 1 })).toBeVisible();
  const path = new URL(page.url()).pathname;
  return walkPages(page, [path], account, path);
}

test('signed-out pages: every stop shows focus, none traps it', async ({ page }) => {
  note(await walkPages(page, ROLE_PAGES.signedOut, null));

  // The check itself fails once focus styles are gone: the same stops, styles removed.
  await page.goto('/login');
  await ready(page);
  await page.addStyleTag({
    content: '*:focus, *:focus-visible { outline: none !important; box-shadow: none !important; }',
  });
  const walk = await walkPage(page);
  expect(walk.stops.length).toBeGreaterThan(3);
  expect(walk.stops.filter((stop) => stop.ring === 'outline' || stop.ring === 'shadow')).toEqual(
    [],
  );
  expect(walk.problems).toHaveLength(walk.stops.length);
});

/** Four pages a test, walked two at a time: each test stays well inside its time on a busy machine. */
const GROUP = 4;

for (const role of ['client', 'staff', 'trial'] as const) {
  const groups = inGroups(ROLE_PAGES[role], GROUP);
  for (const [n, paths] of groups.entries()) {
    test(`the ${role} pages, part ${n + 1}: skip link first, every stop shows focus, none traps it`, async ({
      page,
    }) => {
      const account = ROLE_ACCOUNTS[role];
      // The frame is the same on every page: walked in full on the role's first page.
      const walked = await walkPages(page, paths, account, n === 0 ? (paths[0] ?? null) : null);
      if (role === 'client' && n === groups.length - 1) {
        const profile = await walkProfile(page, account);
        walked.checked += profile.checked;
        walked.capped.push(...profile.capped);
      }
      note(walked);
    });
  }
}

test('dialogs trap focus and give it back; the account menu works from the keyboard', async ({
  page,
}) => {
  await openAs(page, ROLE_ACCOUNTS.client);
  await ready(page);
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expectDialogTrap(page, bell, 'Enter', '#notifications-panel', 'Notifications');
  await bell.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');

  // The account menu: Enter opens it on its first item, arrows move, Escape gives focus
  // back. It is a menu, not a dialog: Tab leaves it, and it closes.
  const account = page.getByRole('button', { name: /^Account menu/ });
  await startAtTop(page);
  await tabTo(page, account);
  await page.keyboard.press('Enter');
  const menu = page.locator('.dropdown-menu.show');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  const dark = menu.getByRole('button', { name: 'Dark theme' });
  await expect(dark).toBeFocused();
  expect(problemsOf(await probe(page))).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(account).toBeFocused();
  await page.keyboard.press('Space');
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeFocused();
  for (let n = 0; n < 4; n++) await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();

  // On a phone the sections open as a drawer over the page.
  await page.setViewportSize({ width: 375, height: 740 });
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expectDialogTrap(page, menuButton, ' ', '#app-sidebar', 'Pinpoint');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  // As before it was a native dialog, a click beside the drawer (its backdrop) closes it.
  await menuButton.click();
  await expect(page.getByRole('dialog', { name: 'Pinpoint' })).toBeVisible();
  await page.mouse.click(365, 400);
  await expect(page.getByRole('dialog', { name: 'Pinpoint' })).toBeHidden();
});

test('key flows with the keyboard alone: sign in, history, a scan, a pin, a paged table', async ({
  page,
}) => {
  await signInByKeyboard(page, ROLE_ACCOUNTS.client);
  const sections = page.getByRole('navigation', { name: 'Sections' });

  await activate(page, sections.getByRole('link', { name: 'Rank grid history' }));
  await expect(page.getByRole('heading', { name: 'Rank grid history', level: 1 })).toBeVisible();

  await activate(page, page.getByRole('link', { name: /^View the scan of/ }).first());
  const view = page.getByTestId('scan-view');
  await expect(view).toHaveAttribute('data-status', 'done');

  // A pin is a focus stop; Enter opens its results, and focus stays on the pin.
  const pin = page.locator('.rank-pin[data-point-state="found"]').first();
  await activate(page, pin);
  const index = Number(await pin.getAttribute('data-point-index'));
  await expect(page.getByTestId('point-results')).toContainText(`Point ${index + 1}:`);
  await expect(pin).toBeFocused();
  await expect(pin).toHaveClass(/rank-pin-selected/);

  // A paged table (the timelines' raw rows on a dev host): Enter pages on, focus stays on
  // the pager even on the last page, where "Next" is no longer available.
  await activate(page, sections.getByRole('link', { name: 'Rank timelines' }));
  const pager = page.getByRole('navigation', { name: 'Timeline row pages' });
  const next = pager.getByRole('button', { name: 'Next' });
  await activate(page, next);
  await expect(pager).toContainText(/Page 2 of \d+/);
  await expect(next).toBeFocused();
  const pages = Number((await pager.textContent())?.match(/of (\d+)/)?.[1]);
  for (let n = 2; n < pages; n++) await page.keyboard.press('Enter');
  await expect(pager).toContainText(`Page ${pages} of ${pages}`);
  const after = await probe(page, '[aria-label="Timeline row pages"]');
  expect(after.inside, `focus after the last page: ${after.name}`).toBe(true);
  expect(problemsOf(after)).toEqual([]);
});

test('charts and maps have their data as a table, reached by keyboard', async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: `http://pinpoint.test:${E2E_PORT}`,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();

  // Timelines: each chart's "Show data" is a Tab stop and reveals every point as a row.
  // The client's stored session, on this host (signing in by keyboard is the test above).
  await openAs(
    page,
    ROLE_ACCOUNTS.client,
    `http://pinpoint.test:${E2E_PORT}/dashboard/local-rank-grid/timelines`,
  );
  await ready(page);
  const figures = page.getByRole('figure');
  await expect(figures.first()).toBeVisible();
  const walk = await walkPage(page);
  const count = await figures.count();
  expect(walk.stops.filter((s) => s.name === 'button “Show data”')).toHaveLength(count);
  for (let n = 0; n < count; n++) {
    const figure = figures.nth(n);
    const scans = Number(
      (await figure.locator('figcaption').textContent())?.match(/(\d+) scans?/)?.[1],
    );
    await figure.getByRole('button', { name: 'Show data' }).focus();
    await page.keyboard.press('Enter');
    await expect(figure.getByRole('table').locator('tbody tr')).toHaveCount(scans);
  }

  // History: the sparklines' numbers behind "Show data"; each line's newest row is the
  // "latest ATRP" printed beside its sparkline.
  await page.goto('/dashboard/local-rank-grid/history');
  await ready(page);
  const trends = page.getByRole('region', { name: 'Trend by settings' });
  const lines = trends.getByRole('listitem');
  await expect(lines.first()).toBeVisible();
  await activate(page, trends.getByRole('button', { name: 'Show data' }));
  const table = trends.getByRole('table', { name: 'Trend by settings: data' });
  await expect(table).toBeVisible();
  for (const line of await lines.all()) {
    const display = (await line.locator('span').first().textContent()) ?? '';
    const latest = (await line.getByText(/^latest ATRP/).textContent())?.replace(
      'latest ATRP ',
      '',
    );
    const rows = table
      .locator('tbody tr')
      .filter({ has: page.getByRole('rowheader', { name: display, exact: true }) });
    expect(await rows.count(), `rows of ${display}`).toBeGreaterThan(0);
    await expect(rows.last().locator('td').last()).toHaveText(latest ?? '');
  }

  // A scan's map: its points table has one row per pin, with the same outcome.
  await activate(page, page.getByRole('link', { name: /^View the scan of/ }).first());
  await expect(page.getByTestId('scan-view')).toHaveAttribute('data-status', 'done');
  const pins = page.locator('.rank-pin[data-point-index]');
  await expect(pins.first()).toBeVisible();
  const rows = page.getByTestId('points-table').locator('tbody tr');
  expect(await pointsOf(rows)).toEqual(await pointsOf(pins));
  const results = page.getByRole('button', { name: /^Results at point/ }).first();
  await activate(page, results);
  await expect(page.getByTestId('point-results')).toBeVisible();

  // The status page's uptime strips: one row per day drawn.
  await page.goto('/status');
  await ready(page);
  const strip = page.getByRole('img', { name: /^API uptime:/ });
  const days = await strip.locator('span').count();
  await activate(page, page.getByRole('button', { name: 'Show data of API uptime' }));
  const uptime = page.getByRole('table', { name: 'API uptime: data' });
  await expect(uptime.locator('tbody tr')).toHaveCount(days);
  await context.close();
});
