import { defineArea } from '../../platform/composition/area';
import { supportRequestsRoutes } from './support-requests.routes';

/** Support requests. */
export const supportRequestsArea = defineArea({
  name: 'support-requests',
  needs: [],
  register: async (app) => {
    await app.register(supportRequestsRoutes);
  },
});
