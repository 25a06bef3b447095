import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLsaProvider } from '../../platform/provider-registry/lsa-provider';
import { createVendorConnectionsRepository } from '../../platform/vendor-connections/vendor-connections.repository';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import type { LsaProvider } from '../../providers/google-ads-lsa/port';
import { LSA_VENDOR } from '../../providers/kernel/vendor-ids';
import { createLsaRepository } from './lsa.repository';
import { lsaRoutes } from './lsa.routes';
import { createLsaService } from './lsa.service';
import { createLsaSyncs } from './lsa.sync';
import { createLsaSyncRepository } from './lsa-sync.repository';

/** Local Services Ads: its syncs on the vendor frame and its `/api/lsa/…` routes. */
export const lsaPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions & { provider?: LsaProvider }) => {
    const db = app.database.db;
    const provider =
      opts.provider ??
      createLsaProvider(opts.config.vendors, {
        recordCall: opts.recordCall,
        describeAccount: opts.describeAccount,
      });
    for (const sync of createLsaSyncs({ db, provider, syncRepo: createLsaSyncRepository() })) {
      app.vendorSync.registerSync(sync);
    }
    const connections = createVendorConnectionsRepository(db);
    const service = createLsaService({
      db,
      repo: createLsaRepository(db),
      provider,
      gate: () => app.vendorSync.gateOf(LSA_VENDOR),
      connectionAccess: async (connectionId) => {
        const connection = await connections.get(connectionId);
        return connection ? { connection, access: app.vendorSync.accessOf(connection) } : null;
      },
    });
    await app.register(lsaRoutes, { service });
  },
  { name: 'lsa', dependencies: ['vendor-sync'] },
);
