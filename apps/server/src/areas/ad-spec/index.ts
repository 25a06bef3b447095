import { defineArea } from '../../platform/composition/area';
import { adSpecRoutes } from './ad-spec.routes';
import { seedAdSpecs } from './ad-spec.seed';

/** Ad specs: the agency's ad sizes and their checks. */
export const adSpecArea = defineArea({
  name: 'ad-spec',
  needs: [],
  register: async (app) => {
    await app.register(adSpecRoutes);
  },
  seed: (ctx, demo) => seedAdSpecs(ctx, demo.products),
});
