import { defineArea } from '../../platform/composition/area';
import { clientsArea } from '../clients';
import { productsRoutes } from './products.routes';

/** A company's products. */
export const productsArea = defineArea({
  name: 'products',
  needs: [clientsArea],
  register: async (app) => {
    await app.register(productsRoutes);
  },
});
