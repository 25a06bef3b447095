import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  CALL_TRACKING_VENDOR,
  type CallTrackingProvider,
} from '../../providers/vendors/call-tracking-provider';
import type { VendorAreaOptions } from '../vendor-sync/area-plugin-options';
import { createCallTrackingRepository } from './call-tracking.repository';
import { callTrackingRoutes } from './call-tracking.routes';
import { createCallTrackingService } from './call-tracking.service';
import { createCallTrackingSyncs } from './call-tracking.sync';
import { createCallTrackingSyncRepository } from './call-tracking-sync.repository';
import { createCallTrackingProvider } from './create-call-tracking-provider';

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
