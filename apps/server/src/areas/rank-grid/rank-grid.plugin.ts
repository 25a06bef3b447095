import type { FastifyInstance } from 'fastify';
import type { ScanQuotaConfig, SearchConfig } from '../../config/config';
import { createRankGridEngine } from './rank-grid.engine';

export type { RankGridEngine } from './rank-grid.engine';

export interface RankGridPluginOptions {
  search: SearchConfig;
  /** Daily budget and size cap of person-requested scans; the defaults when left out. */
  quota?: ScanQuotaConfig;
}

/**
 * The rank grid engine (rank-grid.engine.ts), once per app; the areas that need it get it
 * through the descriptor's exports (index.ts).
 */
export async function registerRankGrid(app: FastifyInstance, opts: RankGridPluginOptions) {
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
  return { rankGrid: engine };
}
