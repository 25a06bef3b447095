import Stripe from 'stripe';
import { z } from 'zod';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError, type VendorErrorCode } from '../kernel/vendor-errors';
import { STRIPE_VENDOR } from '../kernel/vendor-ids';
import {
  type HostedSession,
  type PaymentMethodOnFile,
  type PaymentsProvider,
  type PaymentWebhookEvent,
  type StartedPayment,
  type StartPaymentInput,
  WebhookSignatureError,
} from './port';

/** Stripe's own default (5 minutes): an older signed event is refused as a possible replay. */
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

export interface StripeLiveOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another address for the API (a local fake); unset: api.stripe.com over https. */
  apiUrl?: string;
  timeoutMs: number;
  recordCall: RecordProviderCall;
}

// The fields read from a Checkout Session inside an event (Stripe API, `checkout.session`).
const sessionSchema = z.object({
  id: z.string(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
  payment_status: z.string(),
});
const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.unknown() }),
});
const methodSchema = z.object({
  type: z.string(),
  card: z
    .object({
      brand: z.string().nullish(),
      last4: z.string().nullish(),
      exp_month: z.number().int().nullish(),
      exp_year: z.number().int().nullish(),
    })
    .nullish(),
  us_bank_account: z
    .object({ bank_name: z.string().nullish(), last4: z.string().nullish() })
    .nullish(),
});

const positiveId = (value: string | null | undefined): number | null =>
  value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;

/** What a Stripe failure means here, with a message safe to show and log (no key). */
function vendorError(error: unknown): VendorError {
  const type = error instanceof Stripe.errors.StripeError ? error.type : '';
  const status = error instanceof Stripe.errors.StripeError ? (error.statusCode ?? null) : null;
  const [code, message]: [VendorErrorCode, string] =
    type === 'StripeAuthenticationError'
      ? ['auth', 'Stripe refused the API key.']
      : type === 'StripePermissionError'
        ? ['permission', 'The Stripe API key may not do this.']
        : type === 'StripeRateLimitError'
          ? ['rate_limited', 'Stripe asked us to slow down.']
          : type === 'StripeInvalidRequestError'
            ? [status === 404 ? 'not_found' : 'invalid', 'Stripe refused the request.']
            : ['unavailable', 'Stripe could not be reached.'];
  return new VendorError(STRIPE_VENDOR, code, message, status);
}

/**
 * Live payments through Stripe Checkout with the official `stripe` package: "Pay now" opens a
 * Checkout Session (mode payment, one line for the invoice), the browser goes to its hosted
 * page, and Stripe's signed `checkout.session.completed` webhook says it was paid. Every API
 * call is counted for the status page; the keys never reach a log or an error message.
 */
export function createStripeLive(options: StripeLiveOptions): PaymentsProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    timeout: options.timeoutMs,
    // The SDK retries network failures with its own idempotency key, so a retry cannot
    // open a second session.
    maxNetworkRetries: 1,
    telemetry: false,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });

  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      const result = await work();
      await options.recordCall(STRIPE_VENDOR, true);
      return result;
    } catch (error) {
      await options.recordCall(STRIPE_VENDOR, false);
      throw vendorError(error);
    }
  }

  function toHosted(session: { id: string; status: string | null; url: string | null }) {
    const status =
      session.status === 'complete' || session.status === 'expired' ? session.status : 'open';
    return { id: session.id, status, url: session.url } satisfies HostedSession;
  }

  return {
    name: 'stripe',
    async startPayment(input: StartPaymentInput) {
      const { invoice, company, successUrl, cancelUrl } = input;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: String(invoice.id),
            metadata: { invoice_id: String(invoice.id), company_id: String(company.id) },
            payment_intent_data: {
              description: `Invoice ${invoice.number}`,
              metadata: { invoice_id: String(invoice.id), company_id: String(company.id) },
            },
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: invoice.currency,
                  unit_amount: invoice.amountDueCents,
                  product_data: {
                    name: `Invoice ${invoice.number}`,
                    description: `${company.name}: ${invoice.periodStart} to ${invoice.periodEnd}`,
                  },
                },
              },
            ],
            success_url: successUrl,
            cancel_url: cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!session.url)
        throw new VendorError(STRIPE_VENDOR, 'invalid', 'Stripe gave no payment page.');
      return { kind: 'redirect', url: session.url, sessionId: session.id } satisfies StartedPayment;
    },
    hosted: {
      async session(sessionId) {
        return toHosted(await call(() => stripe.checkout.sessions.retrieve(sessionId)));
      },

      readWebhook(rawBody, signature): PaymentWebhookEvent {
        if (!signature) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
        let raw: unknown;
        try {
          raw = stripe.webhooks.constructEvent(
            rawBody,
            signature,
            options.webhookSecret,
            STRIPE_WEBHOOK_TOLERANCE_S,
          );
        } catch (error) {
          // The SDK's message says which check failed (no signature match, too old); it
          // never repeats the secret.
          const detail = error instanceof Error ? error.message.split('\n')[0] : 'invalid';
          throw new WebhookSignatureError(`The webhook signature was refused: ${detail}`);
        }
        const event = eventSchema.parse(raw);
        const base = { eventId: event.id, type: event.type };
        if (event.type === 'checkout.session.expired') {
          const session = sessionSchema.pick({ id: true }).parse(event.data.object);
          return { kind: 'checkout_expired', ...base, sessionId: session.id };
        }
        const paidNow =
          event.type === 'checkout.session.completed' ||
          event.type === 'checkout.session.async_payment_succeeded';
        if (!paidNow) return { kind: 'other', ...base };
        const session = sessionSchema.parse(event.data.object);
        const intent = session.payment_intent;
        // A bank debit completes the session unpaid; its async_payment_succeeded comes later.
        if (session.payment_status !== 'paid' || !intent) return { kind: 'other', ...base };
        return {
          kind: 'checkout_paid',
          ...base,
          sessionId: session.id,
          paymentIntentId: typeof intent === 'string' ? intent : intent.id,
          invoiceId: positiveId(session.metadata?.invoice_id ?? session.client_reference_id),
          companyId: positiveId(session.metadata?.company_id),
          amountCents: session.amount_total ?? 0,
          currency: session.currency ?? '',
        };
      },

      async paymentMethodOf(paymentIntentId): Promise<PaymentMethodOnFile | null> {
        const intent = await call(() =>
          stripe.paymentIntents.retrieve(paymentIntentId, { expand: ['payment_method'] }),
        );
        const parsed = methodSchema.safeParse(intent.payment_method);
        if (!parsed.success) return null;
        const { type, card, us_bank_account: bank } = parsed.data;
        if (type === 'card' && card?.last4) {
          return {
            kind: 'card',
            brand: card.brand ?? null,
            last4: card.last4,
            expMonth: card.exp_month ?? null,
            expYear: card.exp_year ?? null,
          };
        }
        if (type === 'us_bank_account' && bank?.last4) {
          return {
            kind: 'us_bank_account',
            brand: bank.bank_name ?? null,
            last4: bank.last4,
            expMonth: null,
            expYear: null,
          };
        }
        return null;
      },
    },
  };
}
