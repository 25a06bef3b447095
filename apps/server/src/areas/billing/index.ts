import { defineArea } from '../../platform/composition/area';
import { billingRoutes } from './billing.routes';
import { seedBilling } from './billing.seed';

/** Billing: invoices, payments and their PDFs. */
export const billingArea = defineArea({
  name: 'billing',
  needs: [],
  register: async (app, { config }) => {
    await app.register(billingRoutes, { agency: config.agency });
  },
  seed: (ctx, demo) => seedBilling(ctx, demo.products, demo.companies),
});
