import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { gridConfigsRoutes } from './grid-configs.routes';
import { createGridConfigsService } from './grid-configs.service';
import { createGridSchedule, type GridSchedule } from './grid-schedule';

export type { GridSchedule } from './grid-schedule';

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
 * Grid configs and their schedules: the routes, the tick and run jobs (grid-schedule.ts).
 * Registered after the rank grid engine (`app.rankGrid`), whose `startScan` it calls for
 * scheduled and manual runs.
 */
export const gridConfigsPlugin = fp(
  async (app: FastifyInstance, opts: GridConfigsPluginOptions) => {
    const schedule = createGridSchedule({
      db: app.database.db,
      jobs: app.jobs,
      rankGrid: app.rankGrid,
      log: app.log.child({ component: 'grid-schedule' }),
    });
    app.decorate('gridSchedule', { tick: schedule.tick, jobs: schedule.jobs });

    const service = createGridConfigsService({
      repo: schedule.repo,
      provider: app.rankGrid.provider,
      startScan: schedule.startScan,
    });
    await app.register(gridConfigsRoutes, { service });

    if (opts.scheduleTicks) app.addHook('onReady', schedule.storeTickSchedule);
  },
  { name: 'grid-configs' },
);
