import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createGridConfigsRepository } from './grid-configs.repository';
import { gridConfigsRoutes } from './grid-configs.routes';
import { createGridConfigsService } from './grid-configs.service';
import { createGridScheduleJobs, GRID_TICK_CRON, type TickResult } from './grid-schedule.jobs';

/** The grid scheduler, for tests and tools: one tick claims and sends what is due now. */
export interface GridSchedule {
  tick(): Promise<TickResult>;
  jobs: ReturnType<typeof createGridScheduleJobs>;
}

declare module 'fastify' {
  interface FastifyInstance {
    gridSchedule: GridSchedule;
  }
}

export interface GridConfigsPluginOptions {
  /**
   * Store the every-minute cron schedule of the tick. On where workers run, except in tests:
   * there a due config inserted by any test would start scans on its own a minute later, so
   * tests call `app.gridSchedule.tick()` (or send the tick job) themselves.
   */
  scheduleTicks: boolean;
}

/**
 * Grid configs and their schedules: the routes, the tick and run jobs. Registered after the
 * rank grid engine (`app.rankGrid`), whose `startScan` it calls for scheduled and manual runs.
 */
export const gridConfigsPlugin = fp(
  async (app: FastifyInstance, opts: GridConfigsPluginOptions) => {
    const repo = createGridConfigsRepository(app.database.db);
    const startScan: typeof app.rankGrid.service.startScan = (input) =>
      app.rankGrid.service.startScan(input);
    const jobs = createGridScheduleJobs({
      repo,
      jobs: app.jobs,
      startScan,
      log: app.log.child({ component: 'grid-schedule' }),
    });
    app.jobs.register(jobs.run);
    app.jobs.register(jobs.tickJob);
    app.decorate('gridSchedule', { tick: jobs.tick, jobs });

    const service = createGridConfigsService({ repo, provider: app.rankGrid.provider, startScan });
    await app.register(gridConfigsRoutes, { service });

    if (opts.scheduleTicks) {
      // One cron schedule per job kind, stored in the database: every process may store it
      // (an upsert), and the queue's clock enqueues each minute's tick once.
      app.addHook('onReady', async () => {
        await app.jobs.schedule(jobs.tickJob, { cron: GRID_TICK_CRON }, {});
      });
    }
  },
  { name: 'grid-configs' },
);
