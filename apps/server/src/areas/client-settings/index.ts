import { defineArea } from '../../platform/composition/area';
import { clientSettingsRoutes } from './client-settings.routes';

/** A client's settings. */
export const clientSettingsArea = defineArea({
  name: 'client-settings',
  needs: [],
  register: async (app) => {
    await app.register(clientSettingsRoutes);
  },
});
