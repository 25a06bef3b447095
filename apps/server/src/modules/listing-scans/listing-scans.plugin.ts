import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  LISTINGS_VENDOR,
  type ListingsVendorProvider,
} from '../../providers/vendors/listings-vendor-provider';
import type { VendorAreaOptions } from '../vendor-sync/area-plugin-options';
import { createListingsVendorProvider } from './create-listings-vendor-provider';
import { createListingScanEngine, type ListingScanEngine } from './listing-scan.engine';
import { createListingFixWrite } from './listing-scan-fix';
import { createListingScansRepository } from './listing-scans.repository';
import { listingScansRoutes } from './listing-scans.routes';
import { createListingScansService, type ListingScansService } from './listing-scans.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The business-listings scans (the Google listing's GET hands the listings products here). */
    listingScans: ListingScansService;
    /** The scan engine (tests and the bench start scans and ticks through it). */
    listingScanEngine: ListingScanEngine;
  }
}

/** Every day at 03:17 UTC: start the monthly scans that are due. */
const TICK_CRON = '17 3 * * *';

/**
 * Business-listings scans: the directory jobs and the monthly tick on the queue, the
 * `listing-scan.fix` write on the outbox, the routes, and `app.listingScans`. Registered
 * before the listings plugin, whose summary route dispatches to it.
 */
export const listingScansPlugin = fp(
  async (
    app: FastifyInstance,
    opts: VendorAreaOptions & {
      provider?: ListingsVendorProvider;
      directories?: () => readonly string[];
    },
  ) => {
    const db = app.database.db;
    const provider =
      opts.provider ??
      createListingsVendorProvider(opts.config.vendors, { recordCall: opts.recordCall, db });
    const repo = createListingScansRepository(db);
    const engine = createListingScanEngine({
      repo,
      provider,
      jobs: () => app.jobs,
      gate: () => app.vendorSync.gateOf(LISTINGS_VENDOR),
      accessOf: (connection) => app.vendorSync.accessOf(connection),
      events: app.realtime,
      log: app.log.child({ component: 'listing-scans' }),
      ...(opts.directories && { directories: opts.directories }),
    });
    app.jobs.register(engine.directoryJob);
    app.jobs.register(engine.tickJob);
    app.vendorSync.registerWrite(createListingFixWrite({ provider, events: app.realtime }));
    const service = createListingScansService({
      repo,
      engine,
      enqueueWrite: (row) => app.vendorSync.enqueueWrite(row),
      events: app.realtime,
    });
    app.decorate('listingScans', service);
    app.decorate('listingScanEngine', engine);
    await app.register(listingScansRoutes, { service });
    if (opts.config.jobs.workers && opts.config.env !== 'test') {
      app.addHook('onReady', async () => {
        await app.jobs.schedule(engine.tickJob, { cron: TICK_CRON }, {});
      });
    }
  },
  { name: 'listing-scans', dependencies: ['vendor-sync'] },
);
