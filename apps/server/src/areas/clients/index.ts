import { defineArea } from '../../platform/composition/area';
import { clientsRoutes } from './clients.routes';

/** What other areas may use of clients (dependency-cruiser: areas meet through their index). */
export {
  type ClientsRepository,
  companyExists,
  createClientsRepository,
} from './clients.repository';

/** Client companies: the staff's list and each company's page. */
export const clientsArea = defineArea({
  name: 'clients',
  needs: [],
  register: async (app) => {
    await app.register(clientsRoutes);
  },
});
