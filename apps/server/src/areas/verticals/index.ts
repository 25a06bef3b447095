import { defineArea } from '../../platform/composition/area';
import { verticalsRoutes } from './verticals.routes';

/** Verticals (the admins' trades). */
export const verticalsArea = defineArea({
  name: 'verticals',
  needs: [],
  register: async (app) => {
    await app.register(verticalsRoutes);
  },
});
