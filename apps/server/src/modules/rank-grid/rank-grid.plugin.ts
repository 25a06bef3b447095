import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ScanQuotaConfig, SearchConfig } from '../../config';
import { createRankGridEngine, type RankGridEngine } from './rank-grid.engine';

export type { RankGridEngine } from './rank-grid.engine';

declare module 'fastify' {
  interface FastifyInstance {
    rankGrid: RankGridEngine;
  }
}

export interface RankGridPluginOptions {
  search: SearchConfig;
  /** Daily budget and size cap of person-requested scans; the defaults when left out. */
  quota?: ScanQuotaConfig;
}

/**
 * The rank grid engine (rank-grid.engine.ts), once per app, as `app.rankGrid`.
 * Registered after the jobs and realtime plugins, before any module that uses `app.rankGrid`.
 */
export const rankGridPlugin = fp(async (app: FastifyInstance, opts: RankGridPluginOptions) => {
  const engine = createRankGridEngine({
    db: app.database.db,
    jobs: app.jobs,
    events: app.realtime,
    search: opts.search,
    ...(opts.quota && { quota: opts.quota }),
    recordCall: app.recordProviderCall,
    log: app.log.child({ component: 'search' }),
  });
  // The status page shows the provider degraded while its circuit is open (issue 8).
  if (engine.provider.health)
    app.statusPage.watchCircuit(engine.provider.name, engine.provider.health);
  app.decorate('rankGrid', engine);
});
