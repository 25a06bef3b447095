import { defineArea } from '../../platform/composition/area';
import { roiArea } from '../roi';
import { overviewRoutes } from './overview.routes';

/** The client overview's figures. */
export const overviewArea = defineArea({
  name: 'overview',
  needs: [roiArea],
  register: async (app) => {
    await app.register(overviewRoutes);
  },
});
