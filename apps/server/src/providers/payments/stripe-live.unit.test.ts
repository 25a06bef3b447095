import {
  type RunningStripePeer,
  STRIPE_PEER_SECRET_KEY,
  STRIPE_PEER_WEBHOOK_SECRET,
  startStripePeer,
} from '@pinpoint/fake-vendors/stripe-peer';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VendorError } from '../kernel/vendor-errors';
import { createPaymentsDemo } from './payments-demo';
import { type PayableInvoice, PaymentRefusedError, WebhookSignatureError } from './port';
import { createStripeLive } from './stripe-live';

const invoice: PayableInvoice = {
  id: 41,
  companyId: 7,
  number: 'PP-202610-7',
  amountDueCents: 123_45,
  currency: 'usd',
  periodStart: '2026-10-01',
  periodEnd: '2026-10-31',
};
const urls = {
  successUrl: 'http://localhost:9/dashboard/billing?paid=41',
  cancelUrl: 'http://localhost:9/dashboard/billing?checkout=cancelled',
};
let attempt = 0;
const pay = () => ({ ...urls, idempotencyKey: `test-${++attempt}` });

let peer: RunningStripePeer;
const calls: [string, boolean][] = [];
const provider = () =>
  createStripeLive({
    secretKey: STRIPE_PEER_SECRET_KEY,
    webhookSecret: STRIPE_PEER_WEBHOOK_SECRET,
    apiUrl: peer.base,
    timeoutMs: 5_000,
    recordCall: async (name, ok) => void calls.push([name, ok]),
  });

beforeAll(async () => {
  peer = await startStripePeer();
});
afterAll(() => peer.close());

describe('demo payments provider', () => {
  it('charges the method on file at once with an id derived from the invoice', async () => {
    const at = new Date('2026-11-20T12:00:00Z');
    const demo = createPaymentsDemo({ now: () => at });
    const onFile = {
      kind: 'card' as const,
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2029,
    };
    const started = await demo.startPayment({
      invoice,
      company: { id: 7, name: 'Harbor' },
      onFile,
      ...pay(),
    });
    expect(started).toEqual({
      kind: 'paid',
      payment: { externalId: 'demo_pi_41', amountCents: 123_45, method: onFile, paidAt: at },
    });
    await expect(
      demo.startPayment({ invoice, company: { id: 7, name: 'Harbor' }, onFile: null, ...pay() }),
    ).rejects.toThrow(PaymentRefusedError);
    expect(demo.hosted).toBeUndefined();
  });
});

describe('Stripe Checkout adapter against the fake Stripe', () => {
  it('opens a Checkout Session for the invoice, in Stripe’s form encoding, with the secret key', async () => {
    const started = await provider().startPayment({
      invoice,
      company: { id: 7, name: 'Harbor Smiles' },
      onFile: null,
      ...pay(),
    });
    expect(started.kind).toBe('redirect');
    if (started.kind !== 'redirect') return;
    expect(started.sessionId).toMatch(/^cs_test_/);
    expect(started.url).toBe(`${peer.base}/c/pay/${started.sessionId}`);
    const sent = peer.requests.at(-1);
    expect(sent?.authorization).toBe(`Bearer ${STRIPE_PEER_SECRET_KEY}`);
    const form = new URLSearchParams(sent?.form);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('12345');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Invoice PP-202610-7');
    expect(form.get('metadata[invoice_id]')).toBe('41');
    expect(form.get('metadata[company_id]')).toBe('7');
    expect(form.get('client_reference_id')).toBe('41');
    expect(form.get('success_url')).toBe(urls.successUrl);
    expect(form.get('cancel_url')).toBe(urls.cancelUrl);
    expect(calls.at(-1)).toEqual(['stripe', true]);

    expect(sent?.path).toBe('/v1/checkout/sessions');

    // The same idempotency key (two clicks at once) gets the same session back.
    const live = provider();
    const again = { ...urls, idempotencyKey: 'same-attempt' };
    const company = { id: 7, name: 'Harbor Smiles' };
    const first = await live.startPayment({ invoice, company, onFile: null, ...again });
    const second = await live.startPayment({ invoice, company, onFile: null, ...again });
    expect(second).toEqual(first);
    expect(await live.hosted?.session(started.sessionId)).toEqual({
      id: started.sessionId,
      status: 'open',
      url: started.url,
    });
  });

  it('reads a signed completed event, and the card from the PaymentIntent', async () => {
    const live = provider();
    const started = await live.startPayment({
      invoice,
      company: { id: 7, name: 'Harbor' },
      onFile: null,
      ...pay(),
    });
    if (started.kind !== 'redirect') throw new Error('expected a redirect');
    const { payload, signature, event } = peer.complete(started.sessionId);
    const read = live.hosted?.readWebhook(Buffer.from(payload), signature);
    expect(read).toMatchObject({
      kind: 'checkout_paid',
      eventId: event.id,
      type: 'checkout.session.completed',
      sessionId: started.sessionId,
      invoiceId: 41,
      companyId: 7,
      amountCents: 123_45,
      currency: 'usd',
    });
    if (read?.kind !== 'checkout_paid') return;
    expect(await live.hosted?.paymentMethodOf(read.paymentIntentId)).toEqual({
      kind: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    expect(peer.requests.at(-1)?.path).toMatch(/expand/);

    // Signed by the SDK's own test helper: the same header Stripe sends.
    const other = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'invoice.created',
      data: { object: {} },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: other,
      secret: STRIPE_PEER_WEBHOOK_SECRET,
    });
    expect(live.hosted?.readWebhook(Buffer.from(other), header)).toEqual({
      kind: 'other',
      eventId: 'evt_other',
      type: 'invoice.created',
    });
  });

  it('refuses a missing, forged, altered or stale signature', () => {
    const hosted = provider().hosted;
    const payload = JSON.stringify({
      id: 'evt_x',
      object: 'event',
      type: 'ping',
      data: { object: {} },
    });
    const body = Buffer.from(payload);
    expect(() => hosted?.readWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => hosted?.readWebhook(body, peer.sign(payload, undefined, 'whsec_wrong'))).toThrow(
      WebhookSignatureError,
    );
    expect(() => hosted?.readWebhook(Buffer.from(`${payload} `), peer.sign(payload))).toThrow(
      WebhookSignatureError,
    );
    const stale = Math.floor(Date.now() / 1000) - 301;
    expect(() => hosted?.readWebhook(body, peer.sign(payload, stale))).toThrow(/timestamp/i);
    expect(hosted?.readWebhook(body, peer.sign(payload))).toMatchObject({ eventId: 'evt_x' });
  });

  it('turns a refused key and an outage into safe vendor errors, counted as failures', async () => {
    const wrongKey = createStripeLive({
      secretKey: 'sk_test_not-the-peers',
      webhookSecret: STRIPE_PEER_WEBHOOK_SECRET,
      apiUrl: peer.base,
      timeoutMs: 5_000,
      recordCall: async (name, ok) => void calls.push([name, ok]),
    });
    const error = await wrongKey
      .startPayment({ invoice, company: { id: 7, name: 'Harbor' }, onFile: null, ...pay() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorError);
    expect(error).toMatchObject({ code: 'auth', message: 'Stripe refused the API key.' });
    expect(String((error as Error).message)).not.toContain('not-the-peers');
    expect(calls.at(-1)).toEqual(['stripe', false]);

    const down = createStripeLive({
      secretKey: STRIPE_PEER_SECRET_KEY,
      webhookSecret: STRIPE_PEER_WEBHOOK_SECRET,
      apiUrl: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
      recordCall: async () => {},
    });
    await expect(down.hosted?.session('cs_test_x')).rejects.toMatchObject({ code: 'unavailable' });
  });
});
