import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

test.describe('leads center', () => {
  test('a client adds a lead by hand, opens its timeline, wins it with a value and filters the list', async ({
    page,
    pageProblems,
  }) => {
    await openAs(page, 'client@demo.pinpoint.local', '/dashboard/leads-center');
    await expect(page.getByRole('heading', { name: 'Leads center' })).toBeVisible();
    await expect(page.getByTestId('leads-by-source')).toBeVisible();
    await expect(page.getByTestId('lead-row').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Clear messages for a lead with nothing in it (the server's 400 is the expected answer).
    pageProblems.expectErrorAnswer(400);
    await page.getByRole('button', { name: 'Add lead' }).click();
    const form = page.getByRole('form', { name: 'Add a lead' });
    await form.getByRole('button', { name: 'Add lead' }).click();
    await expect(form.getByText("Enter the lead's name.")).toBeVisible();
    await expect(form.getByText('Give a phone number or an email.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const name = `Hand Lead ${Date.now().toString(36)}`;
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Phone').fill('(512) 555-0199');
    await form.getByLabel('Where the lead came from').selectOption('Walk-in');
    await form.getByLabel('Note (optional)').fill('Came in about a water heater');
    await form.getByRole('button', { name: 'Add lead' }).click();
    await expect(page.getByTestId('lead-added')).toBeVisible();
    const row = page.getByTestId('lead-row').filter({ hasText: name });
    await expect(row).toBeVisible();

    // Its drawer: the timeline, then won with a value.
    await row.getByRole('button', { name }).click();
    const drawer = page.getByTestId('lead-drawer');
    await expect(drawer.getByTestId('lead-timeline')).toContainText('Entered by hand: Walk-in');
    await expect(drawer.getByTestId('lead-timeline')).toContainText(
      'Note: Came in about a water heater',
    );
    await drawer.getByLabel('Status').selectOption('won');
    await drawer.getByLabel('Value (dollars)').fill('1250');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(drawer.getByTestId('lead-saved')).toBeVisible();
    await expect(drawer.getByTestId('lead-timeline')).toContainText('Status: New → Won');
    await expect(drawer.getByTestId('lead-timeline')).toContainText('$1,250.00');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    // The panel closes before React drops its content: wait for its Status select to go, or
    // the list's own Status filter below has two matches.
    await expect(drawer.getByLabel('Status')).toHaveCount(0);
    await expect(row).toContainText('Won');
    await expect(row).toContainText('$1,250.00');

    // Filters narrow the list: by status and text, by source, and to nothing.
    await page.getByLabel('Status', { exact: true }).selectOption('won');
    await page.getByLabel('Search name, phone, email or note').fill(name);
    await expect(page.getByTestId('lead-row')).toHaveCount(1);
    await page.getByLabel('Search name, phone, email or note').fill('');
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('Source', { exact: true }).selectOption('manual');
    await expect(page.getByTestId('lead-row').filter({ hasText: name })).toBeVisible();
    for (const text of await page.getByTestId('lead-row').allInnerTexts()) {
      expect(text).toContain('Entered by hand');
    }
    await page.getByLabel('Search name, phone, email or note').fill('zzz-no-such-lead');
    await expect(page.getByTestId('leads-empty')).toBeVisible();
  });
});
