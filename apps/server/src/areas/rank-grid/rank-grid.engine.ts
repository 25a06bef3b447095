import type { FastifyBaseLogger } from 'fastify';
import type { ScanQuotaConfig, SearchConfig } from '../../config/config';
import type { Db } from '../../kernel/db/database';
import type { JobQueue } from '../../kernel/jobs/job-queue';
import { createSearchProvider } from '../../platform/provider-registry/search-provider';
import type { EventPublisher } from '../../platform/realtime/event-bus';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import type { SearchProvider } from '../../providers/search/port';
import { createRankGridRepository, type RankGridRepository } from './rank-grid.repository';
import { createRankGridService, type RankGridService } from './rank-grid.service';
import { createScanPointJob, type ScanFinishedListener } from './scan-point.job';

/** The rank grid engine, shared by every module that starts or watches scans. */
export interface RankGridEngine {
  repo: RankGridRepository;
  /** One provider per process: see createRankGridEngine. */
  provider: SearchProvider;
  service: RankGridService;
  /** Listeners run, in order, once per finished scan (alerts, batches, schedules). */
  onScanFinished(listener: ScanFinishedListener): void;
}

export interface RankGridEngineDeps {
  db: Db;
  /** Where the scan-point job is registered and each point is sent. */
  jobs: Pick<JobQueue, 'register' | 'send'>;
  events: EventPublisher;
  search: SearchConfig;
  /** Daily budget and size cap of person-requested scans; the defaults when left out. */
  quota?: ScanQuotaConfig;
  recordCall: RecordProviderCall;
  log: FastifyBaseLogger;
}

/**
 * Builds the engine once per app: the search provider, the scan-point job (registered on
 * `jobs`) and the service. One provider per process matters: the live adapter's
 * concurrency limit and circuit breaker hold across every scan only if every point goes
 * through the same instance.
 */
export function createRankGridEngine(deps: RankGridEngineDeps): RankGridEngine {
  const { jobs } = deps;
  const repo = createRankGridRepository(deps.db);
  const provider = createSearchProvider(deps.search, {
    db: deps.db,
    recordCall: deps.recordCall,
    log: deps.log,
  });
  const listeners: ScanFinishedListener[] = [];
  const scanPointJob = createScanPointJob({
    repo,
    provider,
    events: deps.events,
    onFinished: async (scan) => {
      for (const listener of listeners) await listener(scan);
    },
  });
  jobs.register(scanPointJob);
  const service = createRankGridService({
    repo,
    provider,
    ...(deps.quota && { quota: deps.quota }),
    events: deps.events,
    enqueuePoint: (scanId, pointIndex) => jobs.send(scanPointJob, { scanId, pointIndex }),
  });
  return {
    repo,
    provider,
    service,
    onScanFinished: (listener) => listeners.push(listener),
  };
}
