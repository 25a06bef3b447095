import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/** What a handler gets besides its payload. */
export interface JobContext {
  /** The queue's id of this job (stable across its retries). */
  jobId: string;
  /** 0 on the first run, then 1, 2… up to the job's `retryLimit`. */
  attempt: number;
  /** A child logger that already carries the job's name, id and attempt. */
  log: FastifyBaseLogger;
  /** Aborted when the job outlives `expireInSeconds`; long handlers should pass it on. */
  signal: AbortSignal;
}

/**
 * One kind of background job. Every field has a safe default except `name`, `payload` and
 * `handler`, so a definition reads as what is special about that job.
 */
export interface JobDefinition<Schema extends z.ZodType = z.ZodType> {
  /** The queue name: a lower-case slug with dots, e.g. `rank-scan.point`. Unique per app. */
  readonly name: string;
  /** Checked before a job is stored; the handler receives the parsed value. */
  readonly payload: Schema;
  /** Runs after the first failure; a job runs at most 1 + retryLimit times. Default 2. */
  readonly retryLimit: number;
  /** Seconds before the first retry. Default 5. */
  readonly retryDelaySeconds: number;
  /** Double the delay at each retry (with pg-boss's jitter). Default true. */
  readonly retryBackoff: boolean;
  /**
   * How long one run may take before it is counted as failed (and retried). It is also how
   * soon a job left `active` by a killed process is picked up again. Default 300 s.
   */
  readonly expireInSeconds: number;
  /** Runs of this kind at once in one process; `PINPOINT_JOBS_CONCURRENCY` may override it. */
  readonly concurrency: number;
  /** How often an idle worker looks for new jobs. Default 2 s, at least 0.5 s. */
  readonly pollingIntervalSeconds: number;
  /**
   * With a key, at most one job per key waits and one runs at a time: a `send` while one
   * with the same key is waiting answers null instead of a second job (pg-boss's `stately`
   * policy). Without one, every send is a job.
   */
  readonly singletonKey: ((payload: z.output<Schema>) => string) | null;
  readonly handler: (payload: z.output<Schema>, ctx: JobContext) => Promise<unknown>;
}

export type JobPayload<Def extends JobDefinition> = z.input<Def['payload']>;

type JobDefinitionInput<Schema extends z.ZodType> = Pick<
  JobDefinition<Schema>,
  'name' | 'payload' | 'handler'
> &
  Partial<Omit<JobDefinition<Schema>, 'name' | 'payload' | 'handler'>>;

/** Slugs separated by dots; pg-boss allows more, this keeps names readable in logs and SQL. */
const JOB_NAME = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;

/** The one way to define a job: its payload schema, retry and expiry policy, and handler. */
export function defineJob<Schema extends z.ZodType>(
  input: JobDefinitionInput<Schema>,
): JobDefinition<Schema> {
  if (!JOB_NAME.test(input.name) || input.name.length > 100) {
    throw new Error(`Job name "${input.name}" must be lower-case slugs joined by dots`);
  }
  const definition: JobDefinition<Schema> = {
    retryLimit: 2,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 300,
    concurrency: 1,
    pollingIntervalSeconds: 2,
    singletonKey: null,
    ...input,
  };
  const checks: [boolean, string][] = [
    [Number.isInteger(definition.retryLimit) && definition.retryLimit >= 0, 'retryLimit'],
    [
      Number.isInteger(definition.retryDelaySeconds) && definition.retryDelaySeconds >= 0,
      'retryDelaySeconds',
    ],
    [
      Number.isInteger(definition.expireInSeconds) && definition.expireInSeconds >= 1,
      'expireInSeconds',
    ],
    [Number.isInteger(definition.concurrency) && definition.concurrency >= 1, 'concurrency'],
    [definition.pollingIntervalSeconds >= 0.5, 'pollingIntervalSeconds'],
  ];
  const wrong = checks.filter(([ok]) => !ok).map(([, field]) => field);
  if (wrong.length > 0) throw new Error(`Job "${input.name}": invalid ${wrong.join(', ')}`);
  return Object.freeze(definition);
}
