import { defineArea } from '../../platform/composition/area';
import { clientsArea } from '../clients';
import { notificationsRoutes } from './notifications.routes';

/** Notifications. */
export const notificationsArea = defineArea({
  name: 'notifications',
  needs: [clientsArea],
  register: async (app) => {
    await app.register(notificationsRoutes);
  },
});
