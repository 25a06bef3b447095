import type { FastifyInstance } from 'fastify';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { LISTINGS_VENDOR } from '../../providers/kernel/vendor-ids';
import type { ListingsVendorProvider } from '../../providers/listings-vendor/port';
import { createListingsVendorProvider } from './create-listings-vendor-provider';
import { createListingScanEngine } from './listing-scan.engine';
import { createListingFixWrite } from './listing-scan-fix';
import { createListingScansRepository } from './listing-scans.repository';
import { listingScansRoutes } from './listing-scans.routes';
import { createListingScansService } from './listing-scans.service';

/** Every day at 03:17 UTC: start the monthly scans that are due. */
const TICK_CRON = '17 3 * * *';

/**
 * Business-listings scans: the directory jobs and the monthly tick on the queue, the
 * `listing-scan.fix` write on the outbox, and the routes. It returns the service, which
 * answers the listings products' summary on the Google listing's path (index.ts).
 */
export async function registerListingScans(
  app: FastifyInstance,
  opts: VendorAreaOptions & {
    provider?: ListingsVendorProvider;
    directories?: () => readonly string[];
  },
) {
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
    db,
    repo,
    engine,
    enqueueWrite: (row) => app.vendorSync.enqueueWrite(row),
    events: app.realtime,
  });
  const listingScans = service;
  const listingScanEngine = engine;
  await app.register(listingScansRoutes, { service });
  if (opts.config.jobs.workers && opts.config.env !== 'test') {
    app.addHook('onReady', async () => {
      await app.jobs.schedule(engine.tickJob, { cron: TICK_CRON }, {});
    });
  }

  return { listingScans, listingScanEngine };
}
