import { DEMO_PASSWORD } from '@pinpoint/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import {
  type FocusStop,
  pressAndProbe,
  probe,
  problemsOf,
  startAtTop,
  tabTo,
} from './keyboard-walk';

// Checks of the keyboard spec beyond the Tab walk: charts’ data, dialogs, sign-in by keyboard.

/**
 * Charts (canvas, drawn SVG, role="img") and maps on the page whose section, figure or card
 * (else the page's main) holds neither a table nor a "Show data" button that reveals one:
 * their data has no text alternative. The landing page's example grid is an illustration,
 * not data, and is not checked; nor is a map of a grid not yet scanned (the live page's
 * preview, described in words beside it).
 */
export function chartsWithoutTable(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'canvas, .leaflet-container, svg[role="img"], [role="img"]:not(img):not(svg)',
      ),
    ]
      .filter((chart) => !chart.closest('.pp-grid-preview'))
      // A map of a grid not yet measured (the live page's preview) has no data to list.
      .filter(
        (chart) =>
          !chart.matches('.leaflet-container') ||
          chart.querySelector('[data-point-state]:not([data-point-state="unmeasured"])'),
      )
      .filter((chart) => {
        const host =
          chart.parentElement?.closest('figure, section, article, .card') ??
          chart.closest('main') ??
          document.body;
        const disclosure = [...host.querySelectorAll('button[aria-controls]')].some((button) =>
          /^(Show|Hide) data/.test(button.textContent ?? ''),
        );
        return host.querySelector('table') === null && !disclosure;
      })
      .map((chart) => chart.getAttribute('aria-label') ?? chart.outerHTML.slice(0, 80)),
  );
}

/** Each rank grid point shown by these elements (pins or table rows): index, state, rank. */
export function pointsOf(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((all) =>
    all
      .map((element) => {
        const { pointIndex, pointState, pointRank } = (element as HTMLElement).dataset;
        return `${pointIndex}:${pointState}:${pointRank}`;
      })
      .sort(),
  );
}

/**
 * Opens a dialog from its trigger with a key, then: focus is inside; Tab and Shift+Tab
 * never reach the page behind it (the browser's own controls, between the last stop and
 * the first, are allowed); Escape closes it and focus is back on the trigger.
 */
export async function expectDialogTrap(
  page: Page,
  trigger: Locator,
  key: 'Enter' | ' ',
  dialog: string,
  name: string,
) {
  await startAtTop(page);
  await tabTo(page, trigger);
  await page.keyboard.press(key);
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  const opened = await probe(page, dialog);
  expect(opened.inside, `focus moves into the ${name} dialog`).toBe(true);
  const stops = await page
    .locator(dialog)
    .evaluate(
      (element) =>
        [
          ...element.querySelectorAll<HTMLElement>('a[href], button, input, select, [tabindex]'),
        ].filter((el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.checkVisibility())
          .length,
    );
  const outside: string[] = [];
  const problems: string[] = [];
  const visited = new Set<number>();
  for (const press of ['Tab', 'Shift+Tab']) {
    for (let n = 0; n < stops + 2; n++) {
      const stop: FocusStop = await pressAndProbe(page, press, dialog);
      if (stop.inside) {
        visited.add(stop.id);
        problems.push(...problemsOf(stop));
      } else if (!stop.outside) outside.push(`${press} → ${stop.name}`);
    }
  }
  expect(outside, `focus left the ${name} dialog for the page behind`).toEqual([]);
  expect(problems).toEqual([]);
  expect(visited.size, `Tab reaches every control of the ${name} dialog`).toBe(stops);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name })).toBeHidden();
  await expect(trigger).toBeFocused();
  return stops;
}

/** Signs in with the keyboard alone: the login form's fields, typed, then Enter. */
export async function signInByKeyboard(page: Page, email: string) {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/overview$/);
}

/** Tabs from the top of the page to a control and presses Enter on it. */
export async function activate(page: Page, target: Locator) {
  await startAtTop(page);
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}
