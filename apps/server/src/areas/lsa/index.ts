import { defineArea } from '../../platform/composition/area';
import { reviewsArea } from '../reviews';
import { lsaPlugin } from './lsa.plugin';
import { seedLsa } from './lsa.seed';

/** Local Services Ads: leads, calls and their recordings. */
export const lsaArea = defineArea({
  name: 'lsa',
  needs: [reviewsArea],
  register: async (app, context) => {
    await app.register(lsaPlugin, context);
  },
  seed: (ctx, demo) => seedLsa(ctx, demo.products),
});
