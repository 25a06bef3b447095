import {
  LISTING_DIRECTORIES,
  type SalesContainer,
  type SalesListings,
  type SalesPageSpeed,
} from '@pinpoint/contracts';
import type { VendorConfig } from '../../config/vendor-config';
import type { Db } from '../../kernel/db/database';
import type { Principal } from '../../kernel/lib/access-policy';
import { AppError, badRequest } from '../../kernel/lib/app-error';
import { resolveAll } from '../../kernel/net/guarded-lookup';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import { VendorError } from '../../providers/kernel/vendor-errors';
import { createListingsDemo } from '../../providers/listings-vendor/listings-demo';
import type {
  ListingsVendorProvider,
  VendorDirectoryListing,
  VendorNap,
} from '../../providers/listings-vendor/port';
import type { PageSpeedProvider } from '../../providers/page-speed/port';
import {
  compareNap,
  createListingScansRepository,
  createListingsVendorProvider,
} from '../listing-scans';
import { validateSiteUrl } from '../websites';
import { type OwnedContainer, refuseWon } from './sales-access';
import type { SalesToolRepository } from './sales-tool.repository';

/** The listings check and the page speed run while the employee waits: bounded. */
export const PROSPECT_LISTINGS_TIMEOUT_MS = 20_000;
export const PROSPECT_PAGE_SPEED_TIMEOUT_MS = 60_000;
/** Directories read at once (the vendor is shared with the clients' scans). */
const LISTINGS_CONCURRENCY = 5;

/** Reads every directory's listing of a business that is not a client (no connection). */
export type ProspectListingsReader = (
  nap: VendorNap,
  key: string,
  signal: AbortSignal,
) => Promise<(VendorDirectoryListing | null)[]>;

/**
 * The listings vendor for a prospect. Live: a location made from the business's values,
 * then each directory read (SPEC §7 "prospect run listings"). Demo: the deterministic demo
 * vendor told this business's values, so the same prospect always shows the same story.
 */
export function createProspectListingsReader(
  config: VendorConfig,
  deps: { recordCall: RecordProviderCall; db: Db; fetchImpl?: typeof fetch },
): ProspectListingsReader {
  const live =
    config.listingsVendor.mode === 'live' ? createListingsVendorProvider(config, deps) : null;
  return async (nap, key, signal) => {
    let provider: ListingsVendorProvider;
    let locationId: string;
    if (live) {
      provider = live;
      locationId = (await live.createLocation(nap, signal)).locationId;
      await live.requestRescan({ externalAccount: locationId, accessToken: null }, signal);
    } else {
      locationId = `prospect-${key}`;
      provider = createListingsDemo({ describe: async () => ({ ours: nap, fixes: [] }) });
    }
    const access = { externalAccount: locationId, accessToken: null };
    const slugs = LISTING_DIRECTORIES.map((d) => d.slug);
    const results: (VendorDirectoryListing | null)[] = [];
    for (let i = 0; i < slugs.length; i += LISTINGS_CONCURRENCY) {
      signal.throwIfAborted();
      const chunk = slugs.slice(i, i + LISTINGS_CONCURRENCY);
      results.push(
        ...(await Promise.all(
          chunk.map((slug) =>
            provider.getListing(access, slug, new Date(), signal).catch((error: unknown) => {
              // One directory that cannot be read is left out of the score, never a miss.
              if (error instanceof VendorError && !signal.aborted) return null;
              throw error;
            }),
          ),
        )),
      );
    }
    return results;
  };
}

/** The vendor's listings against the business's own values, as the workspace stores them. */
export function summariseListings(
  ours: VendorNap,
  listings: (VendorDirectoryListing | null)[],
  at: Date,
): SalesListings {
  const directories: SalesListings['directories'] = [];
  for (const listing of listings) {
    if (!listing) continue;
    const name =
      LISTING_DIRECTORIES.find((d) => d.slug === listing.directory)?.name ?? listing.directory;
    if (!listing.found || !listing.nap) {
      directories.push({ directory: listing.directory, name, status: 'missing', issues: [] });
      continue;
    }
    const fields = compareNap(ours, listing.nap);
    const issues = Object.entries(fields)
      .filter(([, status]) => status === 'mismatch' || status === 'missing')
      .map(([field]) => field);
    directories.push({
      directory: listing.directory,
      name,
      status: issues.length > 0 ? 'mismatch' : 'found',
      issues,
    });
  }
  const matching = directories.filter((d) => d.status === 'found').length;
  return {
    score: directories.length > 0 ? Math.round((100 * matching) / directories.length) : 0,
    scannedAt: at.toISOString(),
    directories,
  };
}

export interface SalesMeasurementsDeps {
  db: Db;
  repo: SalesToolRepository;
  ownedContainer: OwnedContainer;
  readListings: ProspectListingsReader;
  pageSpeed: PageSpeedProvider;
  /** DNS for the site URL policy (tests answer here). */
  resolve?: (hostname: string) => Promise<string[]>;
  find: (principal: Principal, id: number) => Promise<SalesContainer>;
}

const unavailable = (message: string) => new AppError(503, 'SERVICE_UNAVAILABLE', message);

/** The measurements a prospect workspace runs on demand: listings and page speed. */
export function createSalesMeasurements(deps: SalesMeasurementsDeps) {
  const listingsRepo = createListingScansRepository(deps.db);

  return {
    async listings(principal: Principal, id: number): Promise<SalesContainer> {
      const row = await deps.ownedContainer(principal, id);
      refuseWon(row, 'check its listings');
      const ours = await listingsRepo.companyNap(row.container.companyId);
      if (!ours) throw badRequest('This business has no details to compare listings with.');
      let read: (VendorDirectoryListing | null)[];
      try {
        read = await deps.readListings(
          ours,
          row.company.placeId ?? `company-${row.container.companyId}`,
          AbortSignal.timeout(PROSPECT_LISTINGS_TIMEOUT_MS),
        );
      } catch (error) {
        throw unavailable(
          error instanceof VendorError
            ? `The listings check failed: ${error.message}`
            : 'The listings vendor did not answer in time. Try again in a minute.',
        );
      }
      if (read.every((listing) => listing === null)) {
        throw unavailable('The listings vendor could not read any directory. Try again later.');
      }
      await deps.repo.updateContainer(id, { listings: summariseListings(ours, read, new Date()) });
      return deps.find(principal, id);
    },

    /** One mobile measurement of the prospect's own site, under the site URL policy. */
    async pageSpeed(principal: Principal, id: number): Promise<SalesContainer> {
      const row = await deps.ownedContainer(principal, id);
      refuseWon(row, 'measure its site');
      const website = row.company.website?.trim();
      if (!website) {
        throw badRequest(
          'This prospect has no website to measure. Add one to the business, or skip page speed.',
        );
      }
      const url = await validateSiteUrl(
        /^https?:\/\//i.test(website) ? website : `https://${website}`,
        deps.resolve ?? resolveAll,
      );
      let scores: Awaited<ReturnType<PageSpeedProvider['run']>>['scores'];
      try {
        ({ scores } = await deps.pageSpeed.run(
          { url, ownDemoSite: false },
          'mobile',
          AbortSignal.timeout(PROSPECT_PAGE_SPEED_TIMEOUT_MS),
        ));
      } catch (error) {
        if (error instanceof VendorError && error.code === 'invalid') {
          throw badRequest(`The site could not be measured: ${error.message}`);
        }
        throw unavailable(
          error instanceof VendorError
            ? `The page speed service failed: ${error.message}`
            : 'The page speed service did not answer in time. Try again in a minute.',
        );
      }
      const measured: SalesPageSpeed = {
        url,
        measuredAt: new Date().toISOString(),
        strategy: 'mobile',
        ...scores,
      };
      await deps.repo.updateContainer(id, { pageSpeed: measured });
      return deps.find(principal, id);
    },
  };
}
