import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createVendorConnectionsRepository } from '../vendor-connections/vendor-connections.repository';
import type { VendorAreaOptions } from '../vendor-sync/area-plugin-options';
import { createListingProvider } from './create-listing-provider';
import { createListingsRepository } from './listings.repository';
import { listingsRoutes } from './listings.routes';
import { createListingsService } from './listings.service';
import { createListingSync, createListingWrite, publishListingChanged } from './listings.sync';

/** The Google profile listing: its sync and push write on the vendor frame, and its routes. */
export const listingsPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions) => {
    const db = app.database.db;
    const provider = createListingProvider(opts.config.vendors, {
      recordCall: opts.recordCall,
      db,
    });
    const repo = createListingsRepository(db);
    const deps = { repo, provider, events: app.realtime };
    app.vendorSync.registerSync(createListingSync(deps));
    app.vendorSync.registerWrite(createListingWrite(deps));
    const service = createListingsService({
      repo,
      connections: createVendorConnectionsRepository(db),
      enqueueWrite: (row) => app.vendorSync.enqueueWrite(row),
      publishChanged: (companyId, connectionId, fields) =>
        publishListingChanged(app.realtime, companyId, connectionId, fields),
    });
    // The listings products' summary answers on this path too (modules/listing-scans).
    const scans = app.hasDecorator('listingScans') ? app.listingScans : null;
    await app.register(listingsRoutes, { service, scans });
  },
  { name: 'listings', dependencies: ['vendor-sync'] },
);
