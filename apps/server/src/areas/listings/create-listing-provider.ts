import type { VendorConfig } from '../../config/vendor-config';
import type { Db } from '../../kernel/db/database';
import {
  createGbpListingDemo,
  type DemoListingBasis,
} from '../../providers/google-business-profile/gbp-listing-demo';
import { createGbpListingLive } from '../../providers/google-business-profile/gbp-listing-live';
import type { ListingProvider } from '../../providers/google-business-profile/listing-port';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import { readStoredFields } from './listing-compare';
import { createListingsRepository } from './listings.repository';

/**
 * The demo's knowledge of a location: Google's listing as stored (so it reads back as it
 * was, across restarts and after "Accept Google's") and, before the first one, the
 * company's own profile, from which it derives Google's with a drift.
 */
export function demoListingBasis(db: Db) {
  const repo = createListingsRepository(db);
  return async (externalAccount: string): Promise<DemoListingBasis | null> => {
    const connection = await repo.connectionByAccount(externalAccount);
    if (!connection) return null;
    const [ours, listing] = await Promise.all([
      repo.ourFields(connection.companyId),
      repo.listing(connection.id),
    ]);
    if (!ours) return null;
    return { ours, stored: listing ? readStoredFields(listing.fields) : null };
  };
}

/**
 * The listing provider GBP_PROVIDER names; live at GBP_BUSINESS_INFO_URL (the Business
 * Information API has its own host). Build it once per process: the demo keeps its
 * patches in memory.
 */
export function createListingProvider(
  config: VendorConfig,
  deps: { recordCall: RecordProviderCall; db: Db; fetchImpl?: typeof fetch },
): ListingProvider {
  const gbp = config.googleBusinessProfile;
  return gbp.mode === 'live'
    ? createGbpListingLive({
        baseUrl: gbp.businessInfoUrl,
        timeoutMs: gbp.timeoutMs,
        recordCall: deps.recordCall,
        fetchImpl: deps.fetchImpl,
      })
    : createGbpListingDemo({ describe: demoListingBasis(deps.db) });
}
