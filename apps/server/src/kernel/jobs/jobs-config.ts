/** How this process runs the job queue (config.ts reads it from the environment). */
export interface JobsConfig {
  /** Run job workers, the cron clock and queue maintenance here: on by default, off in tests. */
  workers: boolean;
  /** Per job name, how many run at once in this process (overrides the job's own default). */
  concurrency: Record<string, number>;
  /** Per job name, overrides the job's own `expireInSeconds` (PINPOINT_JOBS_EXPIRE_SECONDS). */
  expireSeconds?: Record<string, number>;
  /** Tests shorten these; unset, the queue's defaults apply. */
  maintenanceIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
}
