import type { RecordProviderCall } from '../../modules/status/provider-calls';
import type { VendorConfig } from '../vendor-config';
import { createPaymentsDemo } from './payments-demo';
import type { PaymentsProvider } from './payments-provider';
import { createStripeLive } from './stripe-live';

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
