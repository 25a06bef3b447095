import { defineArea } from '../../platform/composition/area';
import { createReviewsProviders } from '../../platform/provider-registry/vendor-providers';
import { reviewsPlugin } from './reviews.plugin';
import { seedReviews } from './reviews.seed';

/** What other areas may use of reviews (dependency-cruiser: areas meet through their index). */
export { demoHintOf, loadDemoHints } from './demo-account-hints';

/** Reviews on every platform: their syncs, reply writes and AI drafts. */
export const reviewsArea = defineArea({
  name: 'reviews',
  needs: [],
  register: async (app, { config, recordCall, describeAccount, llm }) => {
    await app.register(reviewsPlugin, {
      providers: createReviewsProviders(config.vendors, { recordCall, describeAccount }),
      llm,
    });
  },
  seed: (ctx, demo) => seedReviews(ctx, demo.products),
});
