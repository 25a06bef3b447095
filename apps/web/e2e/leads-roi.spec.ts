import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAs } from './session';

/** "$12,345", "$42.50" or "1,234" → the number it shows. */
const numberOf = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

async function roiFigure(page: Page, name: string): Promise<number> {
  await page.goto('/dashboard/roi-center?range=30_days');
  await expect(page.getByTestId('roi-center')).toHaveAttribute('aria-busy', 'false');
  const value = page.getByRole('article', { name, exact: true }).getByTestId('roi-figure-value');
  await expect(value).toHaveText(/\d/);
  return numberOf(await value.textContent());
}

/**
 * Issue 19: the leads center and the ROI center read the same leads. Browser tests run one at
 * a time and the test server runs no sync ticks, so nothing else adds a lead to the company
 * between the readings: the differences are exact.
 */
test('a lead added by hand counts in ROI, and winning it with a value adds that value', async ({
  page,
}) => {
  await openAs(page, 'client@demo.pinpoint.local');
  const leadsBefore = await roiFigure(page, 'Leads');
  const wonBefore = await roiFigure(page, 'Won');
  const wonValueBefore = await roiFigure(page, 'Won value');

  await page.goto('/dashboard/leads-center');
  await page.getByRole('button', { name: 'Add lead' }).click();
  const form = page.getByRole('form', { name: 'Add a lead' });
  const name = `ROI Lead ${Date.now().toString(36)}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(`${name.replaceAll(' ', '.').toLowerCase()}@example.com`);
  await form.getByLabel('Where the lead came from').selectOption('Referral');
  await form.getByRole('button', { name: 'Add lead' }).click();
  await expect(page.getByTestId('lead-added')).toBeVisible();
  const row = page.getByTestId('lead-row').filter({ hasText: name });
  await expect(row).toBeVisible();

  expect(await roiFigure(page, 'Leads')).toBe(leadsBefore + 1);
  // A new lead is not won: won figures stay as they were.
  expect(await roiFigure(page, 'Won')).toBe(wonBefore);

  await page.goto('/dashboard/leads-center');
  await page
    .getByTestId('lead-row')
    .filter({ hasText: name })
    .getByRole('button', { name })
    .click();
  const drawer = page.getByTestId('lead-drawer');
  await drawer.getByLabel('Status').selectOption('won');
  await drawer.getByLabel('Value (dollars)').fill('4321');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByTestId('lead-saved')).toBeVisible();

  expect(await roiFigure(page, 'Leads')).toBe(leadsBefore + 1);
  expect(await roiFigure(page, 'Won')).toBe(wonBefore + 1);
  expect(await roiFigure(page, 'Won value')).toBe(wonValueBefore + 4321);
});
