import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ScanQuotaConfig, SearchConfig } from '../../config';
import { createSearchProvider } from '../../providers/search/create-search-provider';
import type { SearchProvider } from '../../providers/search/search-provider';
import { createRankGridRepository, type RankGridRepository } from './rank-grid.repository';
import { createRankGridService, type RankGridService } from './rank-grid.service';
import { createScanPointJob, type ScanFinishedListener } from './scan-point.job';

/** The rank grid engine, shared by every module that starts or watches scans. */
export interface RankGridEngine {
  repo: RankGridRepository;
  /** One provider per process: see the plugin's comment. */
  provider: SearchProvider;
  service: RankGridService;
  /** Listeners run, in order, once per finished scan (alerts, batches, schedules). */
  onScanFinished(listener: ScanFinishedListener): void;
}

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
 * Builds the engine once per app: the search provider, the scan-point job and the service.
 * One provider per process matters: the live adapter's concurrency limit and circuit
 * breaker hold across every scan only if every point goes through the same instance.
 * Registered after the jobs and realtime plugins, before any module that uses `app.rankGrid`.
 */
export const rankGridPlugin = fp(async (app: FastifyInstance, opts: RankGridPluginOptions) => {
  const repo = createRankGridRepository(app.database.db);
  const provider = createSearchProvider(opts.search, {
    db: app.database.db,
    recordCall: app.recordProviderCall,
    log: app.log.child({ component: 'search' }),
  });
  // The status page shows the provider degraded while its circuit is open (issue 8).
  if (provider.health) app.statusPage.watchCircuit(provider.name, provider.health);
  const listeners: ScanFinishedListener[] = [];
  const scanPointJob = createScanPointJob({
    repo,
    provider,
    events: app.realtime,
    onFinished: async (scan) => {
      for (const listener of listeners) await listener(scan);
    },
  });
  app.jobs.register(scanPointJob);
  const service = createRankGridService({
    repo,
    provider,
    ...(opts.quota && { quota: opts.quota }),
    events: app.realtime,
    enqueuePoint: (scanId, pointIndex) => app.jobs.send(scanPointJob, { scanId, pointIndex }),
  });
  app.decorate('rankGrid', {
    repo,
    provider,
    service,
    onScanFinished: (listener) => listeners.push(listener),
  });
});
