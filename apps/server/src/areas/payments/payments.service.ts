import type { PayInvoiceResponse, PaymentWebhookResponse } from '@pinpoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ZodError } from 'zod';
import { allows, type Principal } from '../../kernel/lib/access-policy';
import { AppError, accessDenied, badRequest, conflict, notFound } from '../../kernel/lib/app-error';
import { VendorError } from '../../providers/kernel/vendor-errors';
import {
  PaymentRefusedError,
  type PaymentsProvider,
  type PaymentWebhookEvent,
  WebhookSignatureError,
} from '../../providers/payments/port';
import type { InvoiceForPayment, PaymentsRepository } from './payments.repository';

/** Paying is the client's own decision: its members and admins, not the agency's staff. */
const PAY_ACCESS = { clientOf: 'id', owners: true } as const;

export interface PaymentsServiceDeps {
  repo: PaymentsRepository;
  provider: PaymentsProvider;
  /** Announces `billing.changed` to the company's open pages (badge, billing page). */
  announce(companyId: number): void;
  log: FastifyBaseLogger;
  now?: () => Date;
}

function unavailable(error: VendorError): AppError {
  const message =
    error.code === 'unavailable' || error.code === 'rate_limited'
      ? 'The payment page could not be opened: Stripe could not be reached. Please try again in a minute.'
      : 'Online payment is not available right now. Please contact your account manager.';
  return new AppError(503, 'SERVICE_UNAVAILABLE', message);
}

/**
 * "Pay now" and the payment provider's webhook. The demo provider charges what is on file at
 * once; Stripe opens a Checkout Session and its signed webhook marks the invoice paid.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { repo, provider, log } = deps;
  const now = deps.now ?? (() => new Date());

  async function payableInvoice(companyId: number, invoiceId: number): Promise<InvoiceForPayment> {
    const invoice = await repo.invoice(companyId, invoiceId);
    // Another company's invoice id reads as missing: nothing is said about it.
    if (!invoice) throw notFound('No such invoice.');
    if (invoice.status === 'paid') throw conflict(`Invoice ${invoice.number} is already paid.`);
    if (invoice.status === 'void') {
      throw conflict(`Invoice ${invoice.number} was voided, so there is nothing to pay.`);
    }
    if (invoice.totalCents - invoice.amountPaidCents <= 0) {
      throw conflict(`Invoice ${invoice.number} has nothing left to pay.`);
    }
    return invoice;
  }

  async function withVendor<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof PaymentRefusedError) throw conflict(error.message);
      if (error instanceof VendorError) {
        log.warn({ vendor: error.vendor, code: error.code, status: error.status }, error.message);
        throw unavailable(error);
      }
      throw error;
    }
  }

  return {
    /** `POST /api/uni/client/billing/{id}/invoices/{invoiceId}/pay`. */
    async pay(
      principal: Principal,
      companyId: number,
      invoiceId: number,
      appOrigin: string,
    ): Promise<PayInvoiceResponse> {
      // The route's guard already ran; the service checks again, as every service does.
      if (!allows(PAY_ACCESS, principal, companyId)) throw accessDenied();
      const invoice = await payableInvoice(companyId, invoiceId);
      const due = invoice.totalCents - invoice.amountPaidCents;

      const hosted = provider.hosted;
      const sessions = hosted ? await repo.sessionsOf(invoice.id) : null;
      if (hosted && sessions?.open) {
        // A second click while the hosted page is still open goes back to that page.
        const current = await withVendor(() => hosted.session(sessions.open?.id ?? ''));
        if (current.status === 'open' && current.url) return { kind: 'redirect', url: current.url };
        if (current.status === 'complete') {
          throw conflict(
            `The payment of invoice ${invoice.number} is being confirmed. It will show as paid in a moment.`,
          );
        }
        await repo.setSessionStatus(current.id, 'expired');
      }

      const billing = `${appOrigin}/dashboard/billing`;
      const started = await withVendor(async () =>
        provider.startPayment({
          invoice: {
            id: invoice.id,
            companyId: invoice.companyId,
            number: invoice.number,
            amountDueCents: due,
            currency: invoice.currency,
            periodStart: invoice.periodStart,
            periodEnd: invoice.periodEnd,
          },
          company: { id: invoice.companyId, name: invoice.companyName },
          onFile: hosted ? null : await repo.methodOnFile(companyId),
          successUrl: `${billing}?paid=${invoice.id}`,
          cancelUrl: `${billing}?checkout=cancelled`,
          // Same invoice, same amount, same attempt: one session, however many clicks.
          idempotencyKey: `pinpoint-${invoice.number}-${invoice.createdAt.getTime()}-${due}-${sessions?.opened ?? 0}`,
        }),
      );

      if (started.kind === 'redirect') {
        await repo.saveSession({
          id: started.sessionId,
          provider: provider.name,
          companyId,
          invoiceId: invoice.id,
          createdBy: principal.userId,
        });
        return { kind: 'redirect', url: started.url };
      }
      const recorded = await repo.payNow({
        invoice,
        payment: started.payment,
        createdBy: principal.userId,
      });
      if (!recorded) throw conflict(`Invoice ${invoice.number} is already paid.`);
      deps.announce(companyId);
      log.info({ companyId, invoiceId: invoice.id, provider: provider.name }, 'invoice paid');
      return {
        kind: 'paid',
        invoiceId: invoice.id,
        amountCents: started.payment.amountCents,
        paidAt: started.payment.paidAt.toISOString(),
      };
    },

    /**
     * Checks a webhook's signature over its raw body (before anything else: a refused one
     * changes nothing) and reads its event. Called by the route's `signedWebhook` check.
     */
    verifyWebhook(rawBody: unknown, signature: string | undefined): PaymentWebhookEvent {
      const hosted = provider.hosted;
      if (!hosted) throw notFound('Payment webhooks are not in use (PAYMENTS_PROVIDER is demo).');
      if (!Buffer.isBuffer(rawBody)) throw badRequest('Send the event as JSON.');
      try {
        return hosted.readWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          // Who tried, and which check failed; never the header or the secret.
          log.warn({ event: 'webhook_refused', reason: error.message }, 'payment webhook refused');
          throw badRequest('The webhook signature is missing, forged or too old.');
        }
        if (error instanceof ZodError || error instanceof SyntaxError) {
          throw badRequest('The webhook body is not an event this endpoint understands.');
        }
        throw error;
      }
    },

    /** Acts on a verified event, once per event id whatever the provider's retries. */
    async handleWebhook(event: PaymentWebhookEvent): Promise<PaymentWebhookResponse> {
      const hosted = provider.hosted;
      if (!hosted) throw notFound('Payment webhooks are not in use (PAYMENTS_PROVIDER is demo).');
      const name = provider.name;
      if (event.kind === 'other') {
        const outcome = await repo.recordEvent(name, event.eventId, event.type, 'ignored');
        return { received: true, outcome };
      }
      if (event.kind === 'checkout_expired') {
        const outcome = await repo.recordEvent(name, event.eventId, event.type, 'handled');
        if (outcome === 'handled') await repo.setSessionStatus(event.sessionId, 'expired');
        return { received: true, outcome };
      }
      // A redelivery skips the vendor call; the transaction below is what really decides.
      if (await repo.seenEvent(name, event.eventId))
        return { received: true, outcome: 'duplicate' };
      const method = await hosted.paymentMethodOf(event.paymentIntentId).catch((error: unknown) => {
        log.warn(
          { paymentIntentId: event.paymentIntentId, code: (error as VendorError).code },
          'the card of a payment could not be read; recorded without it',
        );
        return null;
      });
      const result = await repo.applyPaidCheckout({
        provider: name,
        eventId: event.eventId,
        type: event.type,
        sessionId: event.sessionId,
        invoiceId: event.invoiceId,
        companyId: event.companyId,
        currency: event.currency,
        payment: {
          externalId: event.paymentIntentId,
          amountCents: event.amountCents,
          method,
          paidAt: now(),
        },
      });
      if (result.outcome === 'handled') {
        deps.announce(result.companyId);
        log.info({ companyId: result.companyId, invoiceId: result.invoiceId }, 'invoice paid');
      } else if (result.outcome === 'ignored') {
        // Money may have been taken without paying an invoice: someone must look (refund?).
        log.warn(
          {
            eventId: event.eventId,
            sessionId: event.sessionId,
            invoiceId: result.invoiceId,
            companyId: result.companyId,
            amountCents: event.amountCents,
            reason: result.reason,
          },
          'payment webhook not applied',
        );
      }
      return { received: true, outcome: result.outcome };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
