import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { HealthProbeRegistry } from '../lib/health-probes';
import { createJobQueue, type JobQueue } from './job-queue';
import { jobQueueProbe } from './job-queue-probe';
import type { JobsConfig } from './jobs-config';

export interface AppJobQueueDeps {
  database: Database;
  log: FastifyBaseLogger;
  config: JobsConfig;
  /** How long running jobs may take to finish at shutdown (the server's own grace period). */
  stopTimeoutMs: number;
  healthProbes: Pick<HealthProbeRegistry, 'register'>;
}

/**
 * The app's job queue on its database, from the jobs configuration. With workers on it is
 * a component of the status page (the `job-queue` probe); with workers off (tests, or a
 * web-only process) it only enqueues, and is not shown. Starting and stopping it is the
 * caller's (plugins/jobs.ts: when the app is ready, and before the database closes).
 */
export function createAppJobQueue(deps: AppJobQueueDeps): JobQueue {
  const { config } = deps;
  const queue = createJobQueue({
    database: deps.database,
    log: deps.log,
    workers: config.workers,
    concurrency: config.concurrency,
    expireSeconds: config.expireSeconds,
    stopTimeoutMs: deps.stopTimeoutMs,
    maintenanceIntervalSeconds: config.maintenanceIntervalSeconds,
    cronMonitorIntervalSeconds: config.cronMonitorIntervalSeconds,
  });
  if (config.workers) deps.healthProbes.register('job-queue', jobQueueProbe(queue));
  return queue;
}
