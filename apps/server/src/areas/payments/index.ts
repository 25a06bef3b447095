import { defineArea } from '../../platform/composition/area';
import { paymentsPlugin } from './payments.plugin';

/** Card payments of invoices. */
export const paymentsArea = defineArea({
  name: 'payments',
  needs: [],
  register: async (app, { config, recordCall }) => {
    await app.register(paymentsPlugin, { config, recordCall });
  },
});
