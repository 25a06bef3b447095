import {
  PaymentRefusedError,
  type PaymentsProvider,
  type StartedPayment,
  type StartPaymentInput,
} from './port';

/**
 * The demo payments provider (PAYMENTS_PROVIDER unset or `demo`): "Pay now" charges the
 * card or bank account on file at once, with no hosted page and no vendor. The payment's id
 * is derived from the invoice, so paying the same invoice twice can only ever record one.
 */
export function createPaymentsDemo(deps: { now?: () => Date } = {}): PaymentsProvider {
  const now = deps.now ?? (() => new Date());
  return {
    name: 'demo',
    async startPayment({ invoice, onFile }: StartPaymentInput): Promise<StartedPayment> {
      if (!onFile) {
        throw new PaymentRefusedError(
          'There is no card or bank account on file to charge. Ask your account manager to add one.',
        );
      }
      return {
        kind: 'paid',
        payment: {
          externalId: `demo_pi_${invoice.id}`,
          amountCents: invoice.amountDueCents,
          method: onFile,
          paidAt: now(),
        },
      };
    },
  };
}
