import { z } from 'zod';

/** `POST /api/uni/client/billing/{id}/invoices/{invoiceId}/pay`: the path's two ids. */
export const payInvoiceParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  invoiceId: z.coerce.number().int().positive(),
});

/**
 * What "Pay now" led to. `redirect`: the provider's hosted payment page (Stripe Checkout),
 * where the browser goes next; the invoice turns paid when the provider's signed webhook
 * arrives. `paid`: the demo provider charged the card or account on file at once.
 */
export const payInvoiceResponseSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('redirect'),
    url: z.url({ protocol: /^https?$/ }),
  }),
  z.object({
    kind: z.literal('paid'),
    invoiceId: z.number().int(),
    amountCents: z.number().int().nonnegative(),
    paidAt: z.string(),
  }),
]);
export type PayInvoiceResponse = z.infer<typeof payInvoiceResponseSchema>;

/** The webhook's answer to the provider (it only reads the status). */
export const paymentWebhookResponseSchema = z.object({
  received: z.literal(true),
  /** handled | ignored | duplicate: what the event did here. */
  outcome: z.enum(['handled', 'ignored', 'duplicate']),
});
export type PaymentWebhookResponse = z.infer<typeof paymentWebhookResponseSchema>;

/** Realtime `billing.changed`: a company's invoices or payments changed (audience: that client). */
export const billingChangedEventSchema = z.object({ companyId: z.number().int() });
