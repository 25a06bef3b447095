import type { VendorConfig } from '../../config/vendor-config';
import type { Db } from '../../kernel/db/database';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import {
  createListingsDemo,
  type DemoListingsBasis,
} from '../../providers/listings-vendor/listings-demo';
import { createListingsLive } from '../../providers/listings-vendor/listings-live';
import type { ListingsVendorProvider } from '../../providers/listings-vendor/port';
import { listingFixPayload } from './listing-scan-fix';
import { createListingScansRepository } from './listing-scans.repository';

/**
 * The demo's knowledge of a location, from our tables: the company's values (the stale
 * copies on directories derive from them) and the fixes the vendor accepted (sent outbox
 * rows), so a fix survives restarts and the next scan sees it.
 */
export function demoListingsBasis(db: Db) {
  const repo = createListingScansRepository(db);
  return async (locationId: string): Promise<DemoListingsBasis | null> => {
    const connection = await repo.connectionByAccount(locationId);
    if (!connection) return null;
    const [ours, sent] = await Promise.all([
      repo.companyNap(connection.companyId),
      repo.sentFixes(connection.id),
    ]);
    if (!ours) return null;
    const fixes = sent.flatMap((row) => {
      const payload = listingFixPayload.safeParse(row.payload);
      return payload.success && row.sentAt
        ? [{ directory: payload.data.directory, fields: payload.data.fields, sentAt: row.sentAt }]
        : [];
    });
    return { ours, fixes };
  };
}

/** LISTINGS_PROVIDER's adapter: the deterministic demo, or the vendor at LISTINGS_API_URL. */
export function createListingsVendorProvider(
  config: VendorConfig,
  deps: { recordCall: RecordProviderCall; db: Db; fetchImpl?: typeof fetch; now?: () => Date },
): ListingsVendorProvider {
  const vendor = config.listingsVendor;
  if (vendor.mode === 'live') {
    if (!vendor.apiKey) throw new Error('LISTINGS_PROVIDER=live needs LISTINGS_API_KEY');
    return createListingsLive({
      baseUrl: vendor.baseUrl,
      apiKey: vendor.apiKey,
      timeoutMs: vendor.timeoutMs,
      recordCall: deps.recordCall,
      fetchImpl: deps.fetchImpl,
    });
  }
  return createListingsDemo({ describe: demoListingsBasis(deps.db), now: deps.now });
}
