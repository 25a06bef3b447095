/** The providers "Pay now" can use (PAYMENTS_PROVIDER), as stored in payments.provider. */
export type PaymentsProviderName = 'demo' | 'stripe';

/** The invoice being paid, as the provider needs it (amounts in integer cents). */
export interface PayableInvoice {
  id: number;
  companyId: number;
  number: string;
  /** What is still owed: total less anything already paid. */
  amountDueCents: number;
  currency: string;
  periodStart: string;
  periodEnd: string;
}

export type PaymentMethodKind = 'card' | 'us_bank_account';

/** The card or bank account on file: kind, brand and last four, never more. */
export interface PaymentMethodOnFile {
  kind: PaymentMethodKind;
  brand: string | null;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/** Money taken, as the provider reports it. */
export interface ChargedPayment {
  /** The provider's id of the payment (demo: derived from the invoice; Stripe: the PaymentIntent). */
  externalId: string;
  amountCents: number;
  /** Null when the provider could not tell (the payment is then recorded as a card, no details). */
  method: PaymentMethodOnFile | null;
  paidAt: Date;
}

export type StartedPayment =
  /** Send the browser to the provider's hosted page; the webhook says when it is paid. */
  | { kind: 'redirect'; url: string; sessionId: string }
  /** Paid on the spot (the demo provider charging what is on file). */
  | { kind: 'paid'; payment: ChargedPayment };

export interface StartPaymentInput {
  invoice: PayableInvoice;
  company: { id: number; name: string };
  onFile: PaymentMethodOnFile | null;
  successUrl: string;
  cancelUrl: string;
  /**
   * The same for the same attempt at the same amount: two clicks at once open one session
   * (Stripe answers a repeated key with the first answer).
   */
  idempotencyKey: string;
}

/** A hosted session's state at the provider (a second click reuses one still open). */
export interface HostedSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  url: string | null;
}

/** A verified webhook event, read into what Pinpoint acts on. */
export type PaymentWebhookEvent =
  | {
      kind: 'checkout_paid';
      eventId: string;
      type: string;
      sessionId: string;
      paymentIntentId: string;
      /** From the session's metadata (client_reference_id as a fallback); null if absent. */
      invoiceId: number | null;
      companyId: number | null;
      amountCents: number;
      currency: string;
    }
  | { kind: 'checkout_expired'; eventId: string; type: string; sessionId: string }
  | { kind: 'other'; eventId: string; type: string };

/** A payment the client could not make: a message fit to show them. */
export class PaymentRefusedError extends Error {
  override readonly name = 'PaymentRefusedError';
}

/** A webhook whose signature is missing, forged or too old; it changes nothing. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}

export interface PaymentsProvider {
  readonly name: PaymentsProviderName;
  /** Takes the payment at once (demo) or opens the provider's hosted page (Stripe). */
  startPayment(input: StartPaymentInput): Promise<StartedPayment>;
  /** The live provider's hosted sessions and webhooks; absent for the demo. */
  readonly hosted?: {
    session(sessionId: string): Promise<HostedSession>;
    /** Verifies the signature over the raw body and reads the event; throws WebhookSignatureError. */
    readWebhook(rawBody: Buffer, signature: string | undefined): PaymentWebhookEvent;
    /** The card or account a PaymentIntent was paid with, null when it cannot be told. */
    paymentMethodOf(paymentIntentId: string): Promise<PaymentMethodOnFile | null>;
  };
}
