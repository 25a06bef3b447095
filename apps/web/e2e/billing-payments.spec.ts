import { createHmac } from 'node:crypto';
import type { BillingOverview } from '@pinpoint/contracts';
import type { APIRequestContext } from '@playwright/test';
import { apiAs } from './demo-products';
import { expect, test } from './fixtures';
import { E2E_PEERS } from './ports';
import { expectNoSeriousA11yViolations, openAs } from './session';

const WEBHOOK = '/api/billing/stripe/webhook';

/** The owner's companies by name (the owner is a member of Bayside, Bayside Kids, Harbor). */
async function companyId(api: APIRequestContext, name: string): Promise<number> {
  const { clients } = await (await api.get('/api/uni/user/clients')).json();
  const found = (clients as { id: number; name: string }[]).find((c) => c.name === name);
  if (!found) throw new Error(`the owner has no company named ${name}`);
  return found.id;
}

async function billingOf(api: APIRequestContext, id: number): Promise<BillingOverview> {
  return (await api.get(`/api/uni/client/billing/${id}`)).json();
}

/** A Stripe-shaped `checkout.session.completed` that would pay this invoice in full. */
function completedEvent(invoice: BillingOverview['invoices'][number], company: number) {
  return JSON.stringify({
    id: `evt_test_forged_${invoice.id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_forged',
        object: 'checkout.session',
        amount_total: invoice.balanceCents,
        currency: invoice.currency,
        client_reference_id: String(invoice.id),
        metadata: { invoice_id: String(invoice.id), company_id: String(company) },
        payment_intent: 'pi_test_forged',
        payment_status: 'paid',
      },
    },
  });
}

const sign = (payload: string, secret: string, at = Math.floor(Date.now() / 1000)) =>
  `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex')}`;

/**
 * Issue 19's payments, against the fake Stripe that global-setup starts (PAYMENTS_PROVIDER
 * is `stripe` for the browser tests' server): "Pay now" on Harbor's overdue invoice goes to
 * the fake's Checkout page, whose "Pay" signs `checkout.session.completed` and delivers it
 * to the webhook before sending the browser back; the invoice reads paid and the bill alert
 * is gone. Bayside's overdue invoice is left for the billing page's own tests.
 */
test.describe('billing payments', () => {
  test('Pay now through Stripe Checkout pays Harbor’s overdue invoice and clears the bill alert', async ({
    page,
  }) => {
    await openAs(page, 'owner@demo.pinpoint.local', '/dashboard/overview');
    await page.getByLabel('Client').selectOption({ label: 'Harbor Smiles Orthodontics' });
    await expect(page.getByLabel('Client').locator('option:checked')).toHaveText(
      'Harbor Smiles Orthodontics',
    );

    // The top bar's bill alert, a link to Billing.
    const badge = page.getByRole('link', { name: 'Billing: 1 overdue invoice' });
    await expect(badge).toBeVisible();
    await badge.click();
    await page.waitForURL(/\/dashboard\/billing$/);
    await expect(page.getByTestId('page-company')).toHaveText('Harbor Smiles Orthodontics');

    const overdue = page.locator('[data-testid="invoice-row"][data-status="overdue"]');
    await expect(overdue).toHaveCount(1);
    const number = (await overdue.getByRole('rowheader').innerText()).trim();
    expect(number).toMatch(/^PP-\d{6}-\d+$/);
    const payNow = overdue.getByRole('button', { name: new RegExp(`^Pay now invoice ${number},`) });
    await expect(payNow).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    // Off to the (fake) Stripe Checkout page, for this invoice.
    await payNow.click();
    await page.waitForURL(
      new RegExp(`^http://127\\.0\\.0\\.1:${E2E_PEERS.stripePort}/c/pay/cs_test_\\w+$`),
    );
    await expect(page.getByText(`Invoice ${number}`)).toBeVisible();

    // "Pay": the signed webhook is delivered, then the browser comes back to Billing.
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/dashboard\/billing\?paid=\d+$/);
    await expect(page.getByTestId('payment-note')).toContainText(
      `Payment received for invoice ${number}`,
    );
    const row = page.getByTestId('invoice-row').filter({
      has: page.getByRole('rowheader').getByText(number, { exact: true }),
    });
    await expect(row).toHaveAttribute('data-status', 'paid');
    await expect(row.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
    await expect(page.getByTestId('bill-alert-badge')).toHaveCount(0);
    await expect(page.getByTestId('bill-alert-banner')).toHaveCount(0);

    // Paying it again is refused: the server says it is paid.
    const harbor = await companyId(page.request, 'Harbor Smiles Orthodontics');
    const billing = await billingOf(page.request, harbor);
    const paid = billing.invoices.find((i) => i.number === number);
    expect(paid?.status).toBe('paid');
    expect(billing.overdue.count).toBe(0);
    expect(billing.payments.find((p) => p.invoiceNumber === number)).toMatchObject({
      provider: 'stripe',
      brand: 'visa',
      last4: '4242',
    });
  });

  test('a forged or stale webhook is refused with 400 and changes nothing', async () => {
    // No page: the owner's API calls read Bayside's billing before and after.
    const owner = await apiAs('owner@demo.pinpoint.local');
    const bayside = await companyId(owner, 'Bayside Family Dental');
    const before = await billingOf(owner, bayside);
    const owed = before.invoices.find((i) => i.status === 'overdue');
    if (!owed) throw new Error('Bayside should have an overdue invoice in the demo');
    const payload = completedEvent(owed, bayside);

    const attempts = [
      sign(payload, 'whsec_forged_by_someone_else'),
      // The right secret, five minutes and more ago: a replay.
      sign(payload, E2E_PEERS.stripeWebhookSecret, Math.floor(Date.now() / 1000) - 360),
      null,
    ];
    for (const signature of attempts) {
      const res = await owner.post(WEBHOOK, {
        headers: {
          'content-type': 'application/json',
          ...(signature && { 'stripe-signature': signature }),
        },
        data: payload,
      });
      expect(res.status()).toBe(400);
      expect(await res.json()).toEqual({
        error: {
          code: 'BAD_REQUEST',
          message: 'The webhook signature is missing, forged or too old.',
        },
      });
    }

    const after = await billingOf(owner, bayside);
    expect(after.invoices.find((i) => i.id === owed.id)).toMatchObject({
      status: 'overdue',
      amountPaidCents: owed.amountPaidCents,
      paidAt: null,
    });
    expect(after.overdue).toEqual(before.overdue);
    expect(after.payments).toEqual(before.payments);
    await owner.dispose();
  });

  test('the agency’s employees read billing but get no Pay now: paying is the client’s decision', async ({
    page,
  }) => {
    await openAs(page, 'employee@demo.pinpoint.local', '/dashboard/billing');
    // Something is owed (this month's invoice at least), and still no button to pay it.
    const owed = page.locator(
      '[data-testid="invoice-row"][data-status="open"], [data-testid="invoice-row"][data-status="overdue"]',
    );
    await expect(owed.first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Pay now/ })).toHaveCount(0);
  });
});
