import { defineArea } from '../../platform/composition/area';
import { reviewsArea } from '../reviews';
import { fbadsPlugin } from './fbads.plugin';
import { seedFacebookAds } from './fbads.seed';

/** Facebook ads: campaigns, insights and lead forms. */
export const facebookAdsArea = defineArea({
  name: 'facebook-ads',
  needs: [reviewsArea],
  register: async (app, context) => {
    await app.register(fbadsPlugin, context);
  },
  seed: (ctx, demo) => seedFacebookAds(ctx, demo.products),
});
