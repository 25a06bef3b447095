import { z } from 'zod';
import { defineJob } from '../../kernel/jobs/define-job';
import type { PageSpeedService } from './page-speed.service';

export const PAGE_SPEED_RUN_RETRIES = 2;
/** The monthly measurement: 06:00 UTC on the first of each month. */
export const PAGE_SPEED_MONTHLY_CRON = '0 6 1 * *';

/** The run job (one request: mobile then desktop) and the monthly tick that queues them. */
export function createPageSpeedJobs(deps: {
  service: () => PageSpeedService;
  scheduleMonthly: () => Promise<number>;
}) {
  const run = defineJob({
    name: 'page-speed.run',
    payload: z.object({ jobId: z.number().int() }),
    retryLimit: PAGE_SPEED_RUN_RETRIES,
    retryDelaySeconds: 20,
    retryBackoff: true,
    // Two Lighthouse runs at Google can take a minute each.
    expireInSeconds: 300,
    concurrency: 2,
    singletonKey: (p) => String(p.jobId),
    handler: async ({ jobId }, { attempt, signal }) =>
      deps.service().execute(jobId, { last: attempt >= PAGE_SPEED_RUN_RETRIES, signal }),
  });
  const monthly = defineJob({
    name: 'page-speed.monthly',
    payload: z.object({}),
    retryLimit: 1,
    expireInSeconds: 600,
    handler: async () => deps.scheduleMonthly(),
  });
  return { run, monthly };
}
