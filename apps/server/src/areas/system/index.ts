import { defineArea } from '../../platform/composition/area';
import { systemRoutes } from './system.routes';

/** What the web app reads at start: the agency, the map tiles, the public address. */
export const systemArea = defineArea({
  name: 'system',
  needs: [],
  register: async (app, { config }) => {
    await app.register(systemRoutes, {
      publicUrl: config.publicUrl,
      tiles: config.tiles,
      agency: config.agency,
    });
  },
});
