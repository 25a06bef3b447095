import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/config';
import { createPaymentsProvider } from '../../platform/provider-registry/payments-provider';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import type { PaymentsProvider } from '../../providers/payments/port';
import { createPaymentsRepository } from './payments.repository';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService } from './payments.service';

/** Payments: "Pay now" and the provider's webhook, on the provider PAYMENTS_PROVIDER names. */
export const paymentsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { config: AppConfig; recordCall: RecordProviderCall; provider?: PaymentsProvider },
  ) => {
    const provider =
      opts.provider ?? createPaymentsProvider(opts.config.vendors, { recordCall: opts.recordCall });
    const service = createPaymentsService({
      repo: createPaymentsRepository(app.database.db),
      provider,
      announce: (companyId) =>
        app.realtime.publish({
          type: 'billing.changed',
          payload: { companyId },
          audience: { client: companyId },
        }),
      log: app.log.child({ module: 'payments' }),
    });
    // Its own scope: the webhook's raw-body JSON parser must not reach any other route.
    await app.register(paymentsRoutes, { service, publicUrl: opts.config.publicUrl });
  },
  { name: 'payments' },
);
