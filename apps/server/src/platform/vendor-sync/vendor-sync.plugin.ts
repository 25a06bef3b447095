import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VendorGatePolicy } from '../../config/vendor-gate-policy';
import { createSecretBox, resolveSecretKey } from '../../kernel/lib/secret-box';
import { createVendorSync, type VendorSync } from './vendor-sync';

export type { AfterSyncListener, VendorSync } from './vendor-sync';

declare module 'fastify' {
  interface FastifyInstance {
    vendorSync: VendorSync;
  }
}

export interface VendorSyncPluginOptions {
  /** PINPOINT_SECRET_KEY, or null to use the generated one (lib/secret-box.ts). */
  secretKey: Buffer | null;
  /** The embedded database's folder, where a generated key is kept. */
  dataDir: string | null;
  /** Store the tick's cron schedule (where workers run, not in tests). */
  scheduleTicks: boolean;
  /** Tests shorten backoffs. */
  gatePolicy?: Partial<VendorGatePolicy>;
}

/**
 * The shared frame of vendor data (vendor-sync.ts) as `app.vendorSync`, on the app's job
 * queue and realtime events. Areas register their syncs and writes on it while the app loads.
 */
export const vendorSyncPlugin = fp(
  async (app: FastifyInstance, opts: VendorSyncPluginOptions) => {
    const { storeTickSchedule, ...vendorSync } = createVendorSync({
      db: app.database.db,
      jobs: app.jobs,
      secrets: createSecretBox(resolveSecretKey(opts.secretKey, opts.dataDir)),
      events: app.realtime,
      log: app.log.child({ component: 'vendor-sync' }),
      ...(opts.gatePolicy && { gatePolicy: opts.gatePolicy }),
    });
    app.decorate('vendorSync', vendorSync);

    if (opts.scheduleTicks) app.addHook('onReady', storeTickSchedule);
  },
  { name: 'vendor-sync' },
);
