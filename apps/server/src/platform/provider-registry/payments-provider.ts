import type { VendorConfig } from '../../config/vendor-config';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import { createPaymentsDemo } from '../../providers/payments/payments-demo';
import type { PaymentsProvider } from '../../providers/payments/port';
import { createStripeLive } from '../../providers/payments/stripe-live';

/**
 * The payments provider PAYMENTS_PROVIDER names: the demo (default; charges what is on file
 * at once) or Stripe Checkout with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
 */
export function createPaymentsProvider(
  config: VendorConfig,
  deps: { recordCall: RecordProviderCall; now?: () => Date },
): PaymentsProvider {
  const { payments } = config;
  if (payments.mode === 'stripe') {
    if (!payments.secretKey || !payments.webhookSecret) {
      throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    }
    return createStripeLive({
      secretKey: payments.secretKey,
      webhookSecret: payments.webhookSecret,
      apiUrl: payments.apiUrl,
      timeoutMs: payments.timeoutMs,
      recordCall: deps.recordCall,
    });
  }
  return createPaymentsDemo({ now: deps.now });
}
