import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../kernel/db/database';
import type { JobQueue } from '../../kernel/jobs/job-queue';
import type { RankGridEngine } from '../rank-grid';
import { createGridConfigsRepository, type GridConfigsRepository } from './grid-configs.repository';
import { createGridScheduleJobs, GRID_TICK_CRON, type TickResult } from './grid-schedule.jobs';

/** The grid scheduler, for tests and tools: one tick claims and sends what is due now. */
export interface GridSchedule {
  tick(): Promise<TickResult>;
  jobs: ReturnType<typeof createGridScheduleJobs>;
}

export interface GridScheduleDeps {
  db: Db;
  jobs: Pick<JobQueue, 'register' | 'send' | 'schedule'>;
  /** The rank grid engine, whose `startScan` scheduled (and manual) runs call. */
  rankGrid: Pick<RankGridEngine, 'service'>;
  log: FastifyBaseLogger;
}

/**
 * The grid configs' scheduler: the tick and run jobs, registered on `jobs`. What the
 * configs' routes share with it comes along (its repository, the scan starter);
 * `storeTickSchedule` stores the every-minute cron schedule of the tick.
 */
export function createGridSchedule(deps: GridScheduleDeps): GridSchedule & {
  repo: GridConfigsRepository;
  startScan: RankGridEngine['service']['startScan'];
  storeTickSchedule(): Promise<void>;
} {
  const repo = createGridConfigsRepository(deps.db);
  const startScan: RankGridEngine['service']['startScan'] = (input) =>
    deps.rankGrid.service.startScan(input);
  const jobs = createGridScheduleJobs({ repo, jobs: deps.jobs, startScan, log: deps.log });
  deps.jobs.register(jobs.run);
  deps.jobs.register(jobs.tickJob);
  return {
    tick: jobs.tick,
    jobs,
    repo,
    startScan,
    // One cron schedule per job kind, stored in the database: every process may store it
    // (an upsert), and the queue's clock enqueues each minute's tick once.
    storeTickSchedule: async () => {
      await deps.jobs.schedule(jobs.tickJob, { cron: GRID_TICK_CRON }, {});
    },
  };
}
