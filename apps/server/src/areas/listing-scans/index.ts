import { defineArea } from '../../platform/composition/area';
import { listingsArea } from '../listings';
import { registerListingScans } from './listing-scans.plugin';
import { seedListingScans } from './listing-scans.seed';

/** What other areas may use of listing-scans (dependency-cruiser: areas meet through their index). */
export { createListingsVendorProvider } from './create-listings-vendor-provider';
export { createListingScansRepository } from './listing-scans.repository';
export type { ListingScansService } from './listing-scans.service';
export { compareNap } from './nap-compare';

/** Business-listings scans over the directories, their fixes and monthly runs. */
export const listingScansArea = defineArea({
  name: 'listing-scans',
  needs: [listingsArea],
  register: async (app, context, needs) => {
    const scans = await registerListingScans(app, context);
    // The listings products' summary answers on the Google listing's path.
    needs.listings.summaries.answerWith(scans.listingScans);
    return scans;
  },
  seed: (ctx, demo) => seedListingScans(ctx, demo.products),
});
