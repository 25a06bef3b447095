import type { FastifyInstance } from 'fastify';
import type { RankGridEngine } from '../rank-grid';
import { gridConfigsRoutes } from './grid-configs.routes';
import { createGridConfigsService } from './grid-configs.service';
import { createGridSchedule } from './grid-schedule';

export type { GridSchedule } from './grid-schedule';

export interface GridConfigsPluginOptions {
  /**
   * Store the every-minute cron schedule of the tick. On where workers run, except in tests:
   * there a due config inserted by any test would start scans on its own a minute later, so
   * tests call the area's `gridSchedule.tick()` (or send the tick job) themselves.
   */
  scheduleTicks: boolean;
}

/**
 * Grid configs and their schedules: the routes, the tick and run jobs (grid-schedule.ts).
 * It needs the rank grid engine, whose `startScan` it calls for scheduled and manual runs.
 */
export async function registerGridConfigs(
  app: FastifyInstance,
  opts: GridConfigsPluginOptions & { rankGrid: RankGridEngine },
) {
  const schedule = createGridSchedule({
    db: app.database.db,
    jobs: app.jobs,
    rankGrid: opts.rankGrid,
    log: app.log.child({ component: 'grid-schedule' }),
  });
  const gridSchedule = { tick: schedule.tick, jobs: schedule.jobs };

  const service = createGridConfigsService({
    repo: schedule.repo,
    provider: opts.rankGrid.provider,
    startScan: schedule.startScan,
  });
  await app.register(gridConfigsRoutes, { service });

  if (opts.scheduleTicks) app.addHook('onReady', schedule.storeTickSchedule);

  return { gridSchedule };
}
