import { readFile } from 'node:fs/promises';
import type { BillingOverview } from '@pinpoint/contracts';
import { PDFParse } from 'pdf-parse';
import { apiAs } from './demo-products';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations, openAs } from './session';

/**
 * Billing (issue 19) as the demo owner, whose first company (Bayside Family Dental) has one
 * overdue invoice in the demo. Nothing here pays: the payments test pays Harbor's.
 */
test.describe('billing', () => {
  test('the owner reads Bayside’s invoices, the overdue one’s lines and PDF, and the card on file', async ({
    page,
  }) => {
    await openAs(page, 'owner@demo.pinpoint.local', '/dashboard/billing');
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await expect(page.getByTestId('page-company')).toHaveText('Bayside Family Dental');

    await expect(page.getByTestId('billing-overdue')).toContainText('1 invoice is overdue');
    const rows = page.getByTestId('invoice-row');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(3);
    const overdue = page.locator('[data-testid="invoice-row"][data-status="overdue"]');
    await expect(overdue).toHaveCount(1);
    await expect(overdue.getByText('Overdue', { exact: true })).toBeVisible();
    const number = (await overdue.getByRole('rowheader').innerText()).trim();
    expect(number).toMatch(/^PP-\d{6}-\d+$/);

    // The card on file: brand and last four, nothing more.
    const method = page.getByTestId('payment-method');
    await expect(method).toContainText(/(Visa|Mastercard|American Express|Discover) •••• \d{4}/);
    await expect(method).toContainText(/Expires \d\d\/\d{4}/);
    expect(await page.locator('main').innerText()).not.toMatch(/\d{8,}/);
    await expect(page.getByTestId('billing-products').getByRole('listitem').first()).toContainText(
      /\$[\d,]+\.\d\d\/mo/,
    );
    await expectNoSeriousA11yViolations(page);

    // The detail: its lines, their total, no payment yet.
    await overdue
      .getByRole('button', { name: `Invoice ${number}: show its lines and payments` })
      .click();
    const drawer = page.getByRole('dialog', { name: `Invoice ${number}` });
    await expect(drawer.getByTestId('invoice-line').first()).toBeVisible();
    await expect(drawer).toContainText('No payment has been received for this invoice.');
    await expect(drawer.getByText('Overdue', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The PDF downloads, is a PDF, and says what the page says.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      overdue.getByRole('link', { name: `Download invoice ${number} as PDF` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = await readFile(await pdf.path());
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(number);
    expect(text).toContain('Bayside Family Dental');
    expect(text).toContain('OVERDUE');
  });

  test('coming back from the payments page: received only when the invoice reads paid', async ({
    page,
  }) => {
    const owner = await apiAs('owner@demo.pinpoint.local');
    const { clients } = await (await owner.get('/api/uni/user/clients')).json();
    const bayside = (clients as { id: number; name: string }[]).find(
      (c) => c.name === 'Bayside Family Dental',
    );
    const billing: BillingOverview = await (
      await owner.get(`/api/uni/client/billing/${bayside?.id}`)
    ).json();
    await owner.dispose();
    const paid = billing.invoices.find((i) => i.status === 'paid');
    const owed = billing.invoices.find((i) => i.status === 'overdue');
    expect(paid && owed).toBeTruthy();

    await openAs(page, 'owner@demo.pinpoint.local', `/dashboard/billing?paid=${paid?.id}`);
    await expect(page.getByTestId('payment-note')).toContainText(
      `Payment received for invoice ${paid?.number}.`,
    );
    await page.goto(`/dashboard/billing?paid=${owed?.id}`);
    await expect(page.getByTestId('payment-note')).toContainText(
      'Waiting for the payment to be confirmed…',
    );
    await page.goto('/dashboard/billing?checkout=cancelled');
    const note = page.getByTestId('checkout-note');
    await expect(note).toContainText('Payment was cancelled; nothing was charged.');
    await note.getByRole('button', { name: 'Dismiss' }).click();
    await expect(note).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
  });
});
