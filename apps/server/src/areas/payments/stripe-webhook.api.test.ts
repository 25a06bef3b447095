import { PassThrough } from 'node:stream';
import {
  type RunningStripePeer,
  STRIPE_PEER_SECRET_KEY,
  STRIPE_PEER_WEBHOOK_SECRET,
  startStripePeer,
} from '@pinpoint/fake-vendors/stripe-peer';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVendorConfig } from '../../config/vendor-config';
import { checkoutSessions, invoices, paymentMethods } from '../../kernel/db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { STRIPE_WEBHOOK_PATH } from './payments.routes';
import {
  allEvents,
  type PaymentsFixture,
  payAs,
  paymentState,
  seedPaymentsFixture,
} from './payments.test-setup';

let peer: RunningStripePeer;
let testApp: TestApp;
let app: FastifyInstance;
let f: PaymentsFixture;
let logs = '';

beforeAll(async () => {
  peer = await startStripePeer();
  const logStream = new PassThrough();
  logStream.on('data', (chunk) => {
    logs += String(chunk);
  });
  testApp = await createTestApp({
    config: {
      vendors: parseVendorConfig({
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: STRIPE_PEER_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_PEER_WEBHOOK_SECRET,
        STRIPE_API_URL: peer.base,
      }),
      logLevel: 'info',
    },
    logStream,
  });
  app = testApp.app;
  f = await seedPaymentsFixture(app, testApp.database.db, 'stripe');
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

/** Delivers a body to the webhook as Stripe does (no Origin, no session). */
const deliver = (payload: string, signature?: string) =>
  app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature && { 'stripe-signature': signature }),
    },
    payload,
  });

const createdSessions = () =>
  peer.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;

/** Opens a Checkout Session for an invoice through "Pay now"; returns its id. */
async function openCheckout(invoiceId: number): Promise<string> {
  const res = await payAs(app, f.callers.client, f.companyId, invoiceId);
  expect(res.statusCode).toBe(200);
  const { kind, url } = res.json();
  expect(kind).toBe('redirect');
  return String(url).split('/').at(-1) ?? '';
}

describe('Pay now through Stripe Checkout and its signed webhook', () => {
  it('opens a Checkout Session, and a second click reuses it while it is open', async () => {
    const before = createdSessions();
    const res = await payAs(app, f.callers.client, f.companyId, f.overdueId);
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^${peer.base}/c/pay/cs_test_`));
    const sessionId = url.split('/').at(-1);
    const session = peer.sessions.get(sessionId);
    expect(session).toMatchObject({
      amount_total: 154_350,
      currency: 'usd',
      client_reference_id: String(f.overdueId),
      metadata: { invoice_id: String(f.overdueId), company_id: String(f.companyId) },
      success_url: `http://localhost/dashboard/billing?paid=${f.overdueId}`,
      cancel_url: 'http://localhost/dashboard/billing?checkout=cancelled',
    });
    const again = await payAs(app, f.callers.client, f.companyId, f.overdueId);
    expect(again.json()).toEqual({ kind: 'redirect', url });
    expect(createdSessions()).toBe(before + 1);
    const state = await paymentState(testApp.database.db, f.overdueId);
    expect(state.sessions).toMatchObject([{ id: sessionId, status: 'open', provider: 'stripe' }]);
    expect(state.invoice?.status).toBe('open');
  });

  it('refuses a missing, forged or stale signature with 400 and changes nothing', async () => {
    const [open] = (await paymentState(testApp.database.db, f.overdueId)).sessions;
    const { payload } = peer.complete(open?.id ?? '');
    const forged = peer.sign(payload, undefined, 'whsec_not_the_real_one');
    const stale = peer.sign(payload, Math.floor(Date.now() / 1000) - 301);
    const tampered = payload.replace('"amount_total": 154350', '"amount_total": 1');
    for (const [body, signature] of [
      [payload, undefined],
      [payload, forged],
      [payload, stale],
      [payload, 't=abc,v1=zzz'],
      [tampered, peer.sign(payload)],
    ] as const) {
      const res = await deliver(body, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'BAD_REQUEST',
          message: 'The webhook signature is missing, forged or too old.',
        },
      });
    }
    expect(await allEvents(testApp.database.db)).toEqual([]);
    const state = await paymentState(testApp.database.db, f.overdueId);
    expect(state.invoice?.status).toBe('open');
    expect(state.payments).toEqual([]);
    expect(logs).toContain('payment webhook refused');
  });

  it('marks the invoice paid once on the signed event; a redelivery is a no-op', async () => {
    // The session the refusal test completed at the fake is paid; deliver it for real now.
    const [open] = (await paymentState(testApp.database.db, f.overdueId)).sessions;
    const sessionId = open?.id ?? '';
    const paid = peer.sessions.get(sessionId);
    const payload = JSON.stringify({
      id: 'evt_test_paid_once',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { ...paid, line_name: undefined } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_PEER_WEBHOOK_SECRET,
    });
    const first = await deliver(payload, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'handled' });
    const state = await paymentState(testApp.database.db, f.overdueId);
    expect(state.invoice).toMatchObject({ status: 'paid', amountPaidCents: 154_350 });
    expect(state.invoice?.paidAt).toBeInstanceOf(Date);
    expect(state.payments).toMatchObject([
      {
        provider: 'stripe',
        externalId: paid?.payment_intent,
        amountCents: 154_350,
        method: 'card',
        brand: 'visa',
        last4: '4242',
      },
    ]);
    expect(state.sessions).toMatchObject([{ id: sessionId, status: 'complete' }]);
    const [onFile] = await testApp.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.companyId, f.companyId));
    expect(onFile).toMatchObject({
      provider: 'stripe',
      brand: 'visa',
      last4: '4242',
      expYear: 2030,
    });

    const redelivered = await deliver(payload, signature);
    expect(redelivered.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await paymentState(testApp.database.db, f.overdueId)).payments).toHaveLength(1);
    expect(await allEvents(testApp.database.db)).toMatchObject([
      { provider: 'stripe', eventId: 'evt_test_paid_once', outcome: 'handled' },
    ]);

    const payAgain = await payAs(app, f.callers.client, f.companyId, f.overdueId);
    expect(payAgain.statusCode).toBe(409);
    expect(payAgain.json().error.message).toMatch(/already paid/);
  });

  it('records but does not apply a wrong amount or an unknown invoice, and logs no secret', async () => {
    const sessionId = await openCheckout(f.openId);
    const wrong = peer.complete(sessionId, { amountTotal: 100 });
    const res = await deliver(wrong.payload, wrong.signature);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
    const state = await paymentState(testApp.database.db, f.openId);
    expect(state.invoice?.status).toBe('open');
    expect(state.payments).toEqual([]);
    expect(logs).toContain('payment webhook not applied');
    expect(logs).toContain('amount does not match the amount due');

    // A session Pinpoint never opened, naming an invoice that does not exist.
    const unknown = JSON.stringify({
      id: 'evt_test_unknown_invoice',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_elsewhere',
          object: 'checkout.session',
          amount_total: 500,
          currency: 'usd',
          client_reference_id: '987654',
          metadata: { invoice_id: '987654', company_id: String(f.companyId) },
          payment_intent: 'pi_test_elsewhere',
          payment_status: 'paid',
        },
      },
    });
    const ignored = await deliver(unknown, peer.sign(unknown));
    expect(ignored.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(logs).toContain('unknown invoice');

    const other = JSON.stringify({
      id: 'evt_test_other',
      object: 'event',
      type: 'invoice.created',
      data: { object: {} },
    });
    const otherRes = await deliver(other, peer.sign(other));
    expect(otherRes.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await allEvents(testApp.database.db)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ eventId: wrong.event.id, outcome: 'ignored' }),
        expect.objectContaining({ eventId: 'evt_test_unknown_invoice', outcome: 'ignored' }),
        expect.objectContaining({ eventId: 'evt_test_other', outcome: 'ignored' }),
      ]),
    );
    expect(logs).not.toContain(STRIPE_PEER_SECRET_KEY);
    expect(logs).not.toContain(STRIPE_PEER_WEBHOOK_SECRET);
  });

  it('says the payment is being confirmed while the webhook is on its way, then opens a new session once one expired', async () => {
    const [session] = (await paymentState(testApp.database.db, f.openId)).sessions;
    // The fake already counts that session paid (the wrong-amount event above).
    const res = await payAs(app, f.callers.client, f.companyId, f.openId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/being confirmed/);

    const fake = peer.sessions.get(session?.id ?? '');
    if (fake) Object.assign(fake, { status: 'expired', url: null });
    const fresh = await openCheckout(f.openId);
    expect(fresh).not.toBe(session?.id);
    const sessions = await testApp.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.invoiceId, f.openId));
    expect(sessions.map((s) => [s.id, s.status]).sort()).toEqual(
      [
        [session?.id, 'expired'],
        [fresh, 'open'],
      ].sort(),
    );
  });

  it('goes round the whole loop: the hosted page’s Pay signs and delivers the event over HTTP', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    peer.setWebhookUrl(`${address}${STRIPE_WEBHOOK_PATH}`);
    await testApp.database.db
      .update(invoices)
      .set({ status: 'open' })
      .where(eq(invoices.id, f.voidId));
    const sessionId = await openCheckout(f.voidId);
    const page = await fetch(`${peer.base}/c/pay/${sessionId}`);
    expect(await page.text()).toContain('<button type="submit">Pay</button>');
    const pay = await fetch(`${peer.base}/c/pay/${sessionId}/confirm`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`http://localhost/dashboard/billing?paid=${f.voidId}`);
    expect(peer.deliveries.at(-1)?.status).toBe(200);
    const state = await paymentState(testApp.database.db, f.voidId);
    expect(state.invoice?.status).toBe('paid');
    expect(state.payments).toHaveLength(1);
  });
});
