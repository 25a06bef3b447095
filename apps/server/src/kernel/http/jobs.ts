import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAppJobQueue } from '../jobs/app-job-queue';
import type { JobQueue } from '../jobs/job-queue';
import type { JobsConfig } from '../jobs/jobs-config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue (pg-boss): register job kinds, send and schedule jobs. */
    jobs: JobQueue;
  }
}

export interface JobsPluginOptions {
  config: JobsConfig;
  /** How long running jobs may take to finish at shutdown (the server's own grace period). */
  stopTimeoutMs: number;
}

/**
 * The job queue, on the app's own database. Registered after the database and status
 * plugins (it adds the `job-queue` health probe) and before the area modules, which call
 * `app.jobs.register(def)` while they load. Workers start when the app is ready, once every
 * job kind is known, and stop in preClose, before the database closes (onClose): running
 * jobs finish within the grace period, the rest go back to the queue for a retry.
 *
 * With workers off (tests, or a web-only process) the queue still takes jobs: it starts on
 * the first send and leaves running them to the processes that have workers.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: JobsPluginOptions) => {
  const queue = createAppJobQueue({
    database: app.database,
    log: app.log.child({ component: 'jobs' }),
    config: opts.config,
    stopTimeoutMs: opts.stopTimeoutMs,
    healthProbes: app.healthProbes,
  });
  app.decorate('jobs', queue);

  if (opts.config.workers) app.addHook('onReady', async () => queue.start());
  app.addHook('preClose', async () => queue.stop());
});
