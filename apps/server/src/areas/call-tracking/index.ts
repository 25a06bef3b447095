import { defineArea } from '../../platform/composition/area';
import { reviewsArea } from '../reviews';
import { callTrackingPlugin } from './call-tracking.plugin';
import { seedCallTracking } from './call-tracking.seed';

/** Call tracking: calls, recordings and sources. */
export const callTrackingArea = defineArea({
  name: 'call-tracking',
  needs: [reviewsArea],
  register: async (app, context) => {
    await app.register(callTrackingPlugin, context);
  },
  seed: (ctx, demo) => seedCallTracking(ctx, demo.products),
});
