import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCallTrackingProvider } from '../../platform/provider-registry/call-tracking-provider';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import type { CallTrackingProvider } from '../../providers/call-tracking/port';
import { CALL_TRACKING_VENDOR } from '../../providers/kernel/vendor-ids';
import { createCallTrackingRepository } from './call-tracking.repository';
import { callTrackingRoutes } from './call-tracking.routes';
import { createCallTrackingService } from './call-tracking.service';
import { createCallTrackingSyncs } from './call-tracking.sync';
import { createCallTrackingSyncRepository } from './call-tracking-sync.repository';

/** Call tracking: its syncs on the vendor frame and its `/api/uni/products/ctm/…` routes. */
export const callTrackingPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions & { provider?: CallTrackingProvider }) => {
    const db = app.database.db;
    const provider =
      opts.provider ??
      createCallTrackingProvider(opts.config.vendors, {
        recordCall: opts.recordCall,
        describeAccount: opts.describeAccount,
      });
    const syncRepo = createCallTrackingSyncRepository();
    for (const sync of createCallTrackingSyncs({ db, provider, syncRepo })) {
      app.vendorSync.registerSync(sync);
    }
    const service = createCallTrackingService({
      db,
      repo: createCallTrackingRepository(db),
      provider,
      gate: () => app.vendorSync.gateOf(CALL_TRACKING_VENDOR),
      access: (connection) => app.vendorSync.accessOf(connection),
    });
    await app.register(callTrackingRoutes, { service });
  },
  { name: 'call-tracking', dependencies: ['vendor-sync'] },
);
