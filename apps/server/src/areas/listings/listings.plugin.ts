import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createVendorConnectionsRepository } from '../../platform/vendor-connections/vendor-connections.repository';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { createListingProvider } from './create-listing-provider';
import type { ListingSummaries } from './listing-summaries';
import { createListingsRepository } from './listings.repository';
import { listingsRoutes } from './listings.routes';
import { createListingsService } from './listings.service';
import { createListingSync, createListingWrite, publishListingChanged } from './listings.sync';

/** The Google profile listing: its sync and push write on the vendor frame, and its routes. */
export const listingsPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions & { summaries: ListingSummaries }) => {
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
      db,
      repo,
      connections: createVendorConnectionsRepository(db),
      enqueueWrite: (row) => app.vendorSync.enqueueWrite(row),
      publishChanged: (companyId, connectionId, fields) =>
        publishListingChanged(app.realtime, companyId, connectionId, fields),
    });
    await app.register(listingsRoutes, { service, summaries: opts.summaries });
  },
  { name: 'listings', dependencies: ['vendor-sync'] },
);
