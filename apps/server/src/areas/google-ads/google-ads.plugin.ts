import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGoogleAdsProvider } from '../../platform/provider-registry/google-ads-provider';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { createEstimatorRepository } from './estimator.repository';
import { createEstimatorService } from './estimator.service';
import { createGoogleAdsRepository } from './google-ads.repository';
import { googleAdsRoutes } from './google-ads.routes';
import { createGoogleAdsService } from './google-ads.service';
import { createGoogleAdsSyncs } from './google-ads.sync';
import { createGoogleAdsSyncRepository } from './google-ads-sync.repository';

/** Google Ads: the daily and hourly syncs on the vendor frame, and the report routes. */
export const googleAdsPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions) => {
    const db = app.database.db;
    const estimatorRepo = createEstimatorRepository(db);
    const provider = createGoogleAdsProvider(
      opts.config.vendors.googleAds,
      { recordCall: opts.recordCall, describeAccount: opts.describeAccount },
      { sample: estimatorRepo.sample },
    );
    const syncs = createGoogleAdsSyncs({
      db,
      provider,
      syncRepo: createGoogleAdsSyncRepository(),
    });
    for (const sync of syncs) app.vendorSync.registerSync(sync);
    const estimator = createEstimatorService({
      provider,
      repo: estimatorRepo,
      customerId: opts.config.vendors.googleAds.estimatorCustomerId,
      accessOf: (connection) => app.vendorSync.accessOf(connection),
      gate: () => app.vendorSync.gateOf('google-ads'),
    });
    const service = createGoogleAdsService({
      db,
      repo: createGoogleAdsRepository(db),
      estimator,
    });
    await app.register(googleAdsRoutes, { service });
  },
  { name: 'google-ads', dependencies: ['vendor-sync'] },
);
