import {
  payInvoiceParamsSchema,
  payInvoiceResponseSchema,
  paymentWebhookResponseSchema,
} from '@pinpoint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { appOrigin } from '../../kernel/lib/origin';
import type { PaymentWebhookEvent } from '../../providers/payments/port';
import type { PaymentsService } from './payments.service';

export const STRIPE_WEBHOOK_PATH = '/api/billing/stripe/webhook';
/** A Stripe event is a few kB; its documented ceiling is far below this. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** "Pay now" for one invoice, and the payment provider's webhook. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  service: PaymentsService;
  publicUrl: string | null;
}> = async (app, { service, publicUrl }) => {
  app.route({
    method: 'POST',
    url: '/api/uni/client/billing/:id/invoices/:invoiceId/pay',
    config: { access: { clientOf: 'id', owners: true } },
    schema: {
      tags: ['billing'],
      summary:
        'Pay an open or overdue invoice: the card on file at once (demo) or a Stripe Checkout page to go to',
      params: payInvoiceParamsSchema,
      response: { 200: payInvoiceResponseSchema },
    },
    handler: async (request) =>
      service.pay(
        requirePrincipal(request),
        request.params.id,
        request.params.invoiceId,
        appOrigin(request, publicUrl),
      ),
  });

  await app.register(async (scope) => webhookRoute(scope, service));
};

/**
 * `POST /api/billing/stripe/webhook`. The signature is checked over the exact bytes Stripe
 * signed, so this scope (and only this one: encapsulated) keeps JSON bodies raw; the service
 * parses them once verified.
 */
function webhookRoute(app: FastifyInstance, service: PaymentsService) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  const verified = new WeakMap<FastifyRequest, PaymentWebhookEvent>();

  app.route({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    bodyLimit: WEBHOOK_BODY_LIMIT,
    config: {
      access: 'public',
      gateway: false,
      // Stripe calls from its own servers: the same-origin check gives way to the signature,
      // which the same-origin plugin runs before the handler.
      signedWebhook: (request) => {
        const signature = request.headers['stripe-signature'];
        verified.set(
          request,
          service.verifyWebhook(
            request.body,
            typeof signature === 'string' ? signature : undefined,
          ),
        );
      },
    },
    schema: {
      tags: ['billing'],
      summary:
        'Stripe webhook (signed with the endpoint secret): marks invoices paid, once per event',
      response: { 200: paymentWebhookResponseSchema },
    },
    handler: async (request) => {
      const event = verified.get(request);
      if (!event) throw new Error('the webhook reached its handler unverified');
      return service.handleWebhook(event);
    },
  });
}
