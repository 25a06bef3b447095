import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../../kernel/db/schema';
import type { DomainEvent } from '../../platform/realtime/event-bus';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { STRIPE_WEBHOOK_PATH } from './payments.routes';
import {
  type PaymentsFixture,
  payAs,
  paymentState,
  seedPaymentsFixture,
} from './payments.test-setup';

let testApp: TestApp;
let app: FastifyInstance;
let f: PaymentsFixture;
const events: DomainEvent[] = [];

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  f = await seedPaymentsFixture(app, testApp.database.db, 'demo');
  app.realtime.onChange((event) => events.push(event));
});
afterAll(() => app.close());

describe('Pay now with the demo provider (the default)', () => {
  it('charges the card on file at once: one payment, the invoice paid, billing.changed', async () => {
    const res = await payAs(app, f.callers.client, f.companyId, f.overdueId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'paid', invoiceId: f.overdueId, amountCents: 154_350 });
    const state = await paymentState(testApp.database.db, f.overdueId);
    expect(state.invoice).toMatchObject({ status: 'paid', amountPaidCents: 154_350 });
    expect(state.invoice?.paidAt?.toISOString()).toBe(body.paidAt);
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({
      provider: 'demo',
      externalId: `demo_pi_${f.overdueId}`,
      amountCents: 154_350,
      method: 'card',
      brand: 'mastercard',
      last4: '5100',
      companyId: f.companyId,
    });
    expect(state.sessions).toEqual([]);
    // onChange hears an event twice (at once, then from the bus): one event, either way.
    expect(new Set(events.map((e) => JSON.stringify(e)))).toEqual(
      new Set([
        JSON.stringify({
          type: 'billing.changed',
          payload: { companyId: f.companyId },
          audience: { client: f.companyId },
        }),
      ]),
    );
  });

  it('refuses to pay it twice, or a paid or void invoice, with a clear 409', async () => {
    const again = await payAs(app, f.callers.client, f.companyId, f.overdueId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/already paid/),
    });
    const paid = await payAs(app, f.callers.client, f.companyId, f.paidId);
    expect(paid.json().error.message).toMatch(/already paid/);
    const voided = await payAs(app, f.callers.client, f.companyId, f.voidId);
    expect(voided.statusCode).toBe(409);
    expect(voided.json().error.message).toMatch(/voided/);
    expect((await paymentState(testApp.database.db, f.overdueId)).payments).toHaveLength(1);
  });

  it('is the client’s decision: members and admins pay, staff and strangers are refused', async () => {
    for (const cookie of [f.callers.employee, f.callers.otherEmployee, f.callers.stranger]) {
      const res = await payAs(app, cookie, f.companyId, f.openId);
      expect(res.statusCode).toBe(403);
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/uni/client/billing/${f.companyId}/invoices/${f.openId}/pay`,
      headers: { origin: TEST_ORIGIN },
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await paymentState(testApp.database.db, f.openId)).invoice?.status).toBe('open');
    const byAdmin = await payAs(app, f.callers.admin, f.companyId, f.openId);
    expect(byAdmin.statusCode).toBe(200);
  });

  it('answers 404 for another company’s invoice named under one’s own company', async () => {
    const res = await payAs(app, f.callers.client, f.companyId, f.otherInvoiceId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('No such invoice.');
    const missing = await payAs(app, f.callers.client, f.companyId, 99_999);
    expect(missing.statusCode).toBe(404);
  });

  it('says so when there is nothing on file to charge, and works through the gateway', async () => {
    // The other company has no card on file; its own member asks through the gateway.
    const res = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { cookie: f.callers.stranger, origin: TEST_ORIGIN },
      payload: {
        method: 'POST',
        url: `/api/uni/client/billing/${f.otherCompanyId}/invoices/${f.otherInvoiceId}/pay`,
        data: { origin: TEST_ORIGIN },
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/no card or bank account on file/);

    await testApp.database.db.insert(paymentMethods).values({
      companyId: f.otherCompanyId,
      provider: 'demo',
      kind: 'us_bank_account',
      brand: 'Lone Star Bank',
      last4: '6789',
    });
    const paid = await app.inject({
      method: 'POST',
      url: '/database/request',
      headers: { cookie: f.callers.stranger, origin: TEST_ORIGIN },
      payload: {
        method: 'POST',
        url: `/api/uni/client/billing/${f.otherCompanyId}/invoices/${f.otherInvoiceId}/pay`,
        data: {},
      },
    });
    expect(paid.statusCode).toBe(200);
    const state = await paymentState(testApp.database.db, f.otherInvoiceId);
    expect(state.payments[0]).toMatchObject({ method: 'us_bank_account', last4: '6789' });
    const [onFile] = await testApp.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.companyId, f.otherCompanyId));
    expect(onFile?.last4).toBe('6789');
  });

  it('has no webhook to take while the demo provider is in use', async () => {
    const res = await app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed' }),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('will not start with a signed webhook that is not public (it skips the origin check)', async () => {
    await expect(
      createTestApp({
        extraRoutes: (scope) => {
          scope.route({
            method: 'POST',
            url: '/api/test/signed-but-private',
            config: { access: 'signed-in', gateway: false, signedWebhook: () => {} },
            schema: { response: { 200: {} } },
            handler: async () => ({}),
          });
        },
      }),
    ).rejects.toThrow('is a signed webhook, so it must be public');
  });
});
