import { defineArea } from '../../platform/composition/area';
import { leadsRoutes } from './leads.routes';

/** Leads. */
export const leadsArea = defineArea({
  name: 'leads',
  needs: [],
  register: async (app) => {
    await app.register(leadsRoutes);
  },
});
