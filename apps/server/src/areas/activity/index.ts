import { defineArea } from '../../platform/composition/area';
import { activityRoutes } from './activity.routes';

/** The activity feed. */
export const activityArea = defineArea({
  name: 'activity',
  needs: [],
  register: async (app) => {
    await app.register(activityRoutes);
  },
});
