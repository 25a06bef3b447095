import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openAs } from './session';

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const ENCODED_PROFILE = /\/dashboard\/profile\/[a-zA-Z]+\+[123]-[A-Za-z0-9]{10}$/;
const NEW_PHONE = '(512) 555-0199';

test.describe('the company profile', () => {
  test('a client fixes an invalid phone, picks its city through the places search by keyboard, and the saved values survive a reload', async ({
    page,
  }) => {
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    await sections(page).getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(ENCODED_PROFILE);
    await expect(page.getByRole('heading', { name: 'Company profile', level: 1 })).toBeVisible();
    const details = page.getByTestId('profile-details');
    await expect(details).toContainText('Business name');

    const phone = page.getByLabel('Phone', { exact: true });
    const savedPhone = await phone.inputValue();
    expect(savedPhone).not.toBe(NEW_PHONE);

    // 1. An invalid phone: the field says what is wrong, and nothing is saved.
    await phone.fill('555-12');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(
      page.getByText('Enter a valid phone number, such as (512) 555-0134.'),
    ).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Some fields need attention. Nothing was saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(savedPhone);

    // 2. A valid phone, and the company's city picked from the search with the keyboard.
    await page.getByLabel('Phone', { exact: true }).fill(NEW_PHONE);
    const location = page.getByRole('combobox', { name: 'Location' });
    // The seeded location reads "City, ST, US": search for that city in that state.
    const [city = 'Austin', state = 'TX'] = (await location.inputValue()).split(', ');
    await location.click();
    await location.fill('');
    await location.pressSequentially(`${city}, ${state}`, { delay: 20 });
    const results = page.getByRole('listbox', { name: 'Location results' });
    const first = results.getByRole('option').first();
    await expect(first).toContainText(`${city}, ${state}, USA`);
    await expect(first).toContainText('City');
    await expect(location).toHaveAttribute('aria-expanded', 'true');
    await location.press('ArrowDown');
    await expect(location).toHaveAttribute('aria-activedescendant', /.+/);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await location.press('Enter');
    await expect(location).toHaveValue(`${city}, ${state}, USA`);
    await expect(results).toBeHidden();

    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await expect(page.getByText(/Picked: .*City/)).toBeVisible();

    // 3. A reload reads the company again (its cached record was dropped): the new values.
    await page.reload();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue(NEW_PHONE);
    await expect(details).toContainText(NEW_PHONE);
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue(
      `${city}, ${state}, US`,
    );
  });

  test('the profile page fits a 375 px screen', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/overview');
    // At 375 px the sidebar starts closed; the menu opens it.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await sections(page).getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(ENCODED_PROFILE);
    await expect(page.getByRole('button', { name: 'Save profile' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
