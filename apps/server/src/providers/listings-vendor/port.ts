import type { NapField } from '@pinpoint/contracts';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { LISTINGS_VENDOR } from '../kernel/vendor-ids';

export const LISTINGS_VENDOR_LABEL = 'The listings vendor';

/** A business's name, address, phone and website as a directory (or we) show it. */
export interface VendorNap {
  name: string | null;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  } | null;
  phone: string | null;
  website: string | null;
}

/**
 * One directory's listing of the location, as the vendor last saw it: found or not, the
 * values it shows, the other listings that look like the same business (duplicates), and
 * the state of the vendor's last update there.
 */
export interface VendorDirectoryListing {
  directory: string;
  found: boolean;
  listingUrl: string | null;
  nap: VendorNap | null;
  duplicates: { listingUrl: string; nap: VendorNap }[];
  /** IN_SYNC, UPDATING, FAILED, NOT_SYNCED: the vendor's own words. */
  syncStatus: string;
  checkedAt: Date;
}

/**
 * A listings-management vendor (Uberall/Yext-style): one location per business, one listing
 * of it per directory. SPEC §7's `/api/external/` listings calls: get, create, update,
 * status, rescan.
 */
export interface ListingsVendorProvider {
  readonly vendor: typeof LISTINGS_VENDOR;
  readonly mode: 'demo' | 'live';
  /** create: a new location with our values; answers the vendor's location id. */
  createLocation(nap: VendorNap, signal?: AbortSignal): Promise<{ locationId: string }>;
  /** rescan: asks the vendor to look at every directory again (before we read them). */
  requestRescan(access: ConnectionAccess, signal?: AbortSignal): Promise<void>;
  /** get: one directory's listing of the location. */
  getListing(
    access: ConnectionAccess,
    directory: string,
    at: Date,
    signal?: AbortSignal,
  ): Promise<VendorDirectoryListing>;
  /** update: sends our values of these fields to one directory (a "Fix"). */
  updateListing(
    access: ConnectionAccess,
    directory: string,
    fields: NapField[],
    nap: VendorNap,
    signal?: AbortSignal,
  ): Promise<{ syncStatus: string }>;
  /** status: the location's sync state across directories. */
  status(access: ConnectionAccess, signal?: AbortSignal): Promise<{ syncStatus: string }>;
}
