import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createFbadsProvider } from '../../platform/provider-registry/facebook-ads-provider';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { createFbadsRepository } from './fbads.repository';
import { fbadsRoutes } from './fbads.routes';
import { createFbadsService } from './fbads.service';
import { createFbadsSyncs } from './fbads.sync';

/** Facebook Ads: its syncs on the vendor frame (campaigns, daily insights) and its routes. */
export const fbadsPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions) => {
    const db = app.database.db;
    const repo = createFbadsRepository(db);
    const provider = createFbadsProvider(opts.config.vendors, {
      recordCall: opts.recordCall,
      describeAccount: opts.describeAccount,
    });
    for (const sync of createFbadsSyncs({ repo, provider })) app.vendorSync.registerSync(sync);
    await app.register(fbadsRoutes, { service: createFbadsService({ db, repo }) });
  },
  { name: 'facebook-ads', dependencies: ['vendor-sync'] },
);
