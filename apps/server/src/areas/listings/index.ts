import { defineArea } from '../../platform/composition/area';
import { createListingSummaries } from './listing-summaries';
import { listingsPlugin } from './listings.plugin';
import { seedListings } from './listings.seed';

/** What other areas may use of listings (dependency-cruiser: areas meet through their index). */
export { displayField, normalField } from './listing-compare';
export { createListingsRepository } from './listings.repository';

/** The Google profile listing beside the company's own, and pushes to Google. */
export const listingsArea = defineArea({
  name: 'listings',
  needs: [],
  register: async (app, context) => {
    const summaries = createListingSummaries();
    await app.register(listingsPlugin, { ...context, summaries });
    return { summaries };
  },
  seed: (ctx, demo) => seedListings(ctx, demo.products),
});
