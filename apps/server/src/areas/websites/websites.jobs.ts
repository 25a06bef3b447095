import { z } from 'zod';
import { defineJob } from '../../kernel/jobs/define-job';
import type { JobQueue } from '../../kernel/jobs/job-queue';
import type { WebsitesRepository } from './websites.repository';
import type { WebsitesService } from './websites.service';

/** Every 5 minutes (SPEC: uptime checks), fanned out to one job per site. */
export const UPTIME_TICK_CRON = '*/5 * * * *';
/** Raw checks are kept this long; the day aggregates keep the 90-day history. */
export const RAW_CHECK_RETENTION_DAYS = 7;

export function createUptimeJobs(deps: {
  repo: WebsitesRepository;
  jobs: JobQueue;
  service: () => WebsitesService;
}) {
  const check = defineJob({
    name: 'website-uptime.check',
    payload: z.object({ siteId: z.number().int().positive() }),
    // A missed check is simply the next tick's; no retries that would skew the timing.
    retryLimit: 0,
    expireInSeconds: 60,
    concurrency: 8,
    // One waiting and one running check per site, whoever asks.
    singletonKey: (p) => String(p.siteId),
    handler: async ({ siteId }) => {
      await deps.service().runCheck(siteId);
    },
  });

  const tick = defineJob({
    name: 'website-uptime.tick',
    payload: z.object({}),
    retryLimit: 1,
    expireInSeconds: 120,
    handler: async () => {
      const siteIds = await deps.repo.sitesToCheck();
      for (const siteId of siteIds) await deps.jobs.send(check, { siteId });
      await deps.repo.pruneChecks(new Date(Date.now() - RAW_CHECK_RETENTION_DAYS * 86_400_000));
      return { sites: siteIds.length };
    },
  });

  return { check, tick };
}
