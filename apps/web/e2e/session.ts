import AxeBuilder from '@axe-core/playwright';
import { DEMO_PASSWORD } from '@pinpoint/contracts';
import { expect, type Page } from '@playwright/test';

/** Signs a demo account in through the login form and waits for its landing page. */
export async function logIn(page: Page, email: string, landing: RegExp = /\/(dashboard|trial)\//) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(landing);
}

/**
 * axe-core on the page as it is now: no serious or critical violations (issue 7 and 8).
 * The failure message names each rule and its first offending element, to fix it quickly.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const summary = serious.map((v) => `${v.id} (${v.impact}): ${v.nodes[0]?.target.join(' ')}`);
  expect(summary, 'serious or critical accessibility violations').toEqual([]);
}
