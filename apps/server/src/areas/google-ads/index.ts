import { defineArea } from '../../platform/composition/area';
import { reviewsArea } from '../reviews';
import { googleAdsPlugin } from './google-ads.plugin';
import { seedGoogleAds } from './google-ads.seed';

/** Google Ads: campaigns, spend and conversions. */
export const googleAdsArea = defineArea({
  name: 'google-ads',
  needs: [reviewsArea],
  register: async (app, context) => {
    await app.register(googleAdsPlugin, context);
  },
  seed: (ctx, demo) => seedGoogleAds(ctx, demo.products),
});
