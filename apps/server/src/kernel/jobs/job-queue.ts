import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import type { JobDefinition, JobPayload } from './define-job';
import { describeJobError, InvalidJobPayloadError } from './job-errors';
import { openQueueConnection, uuidFromKey } from './queue-connection';

/** pg-boss keeps its tables in this schema of the app's database (created at first start). */
export const JOB_QUEUE_SCHEMA = 'pgboss';

export interface JobQueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Run workers, the cron clock and maintenance in this process; otherwise it only enqueues. */
  workers: boolean;
  /** Per job name, overrides a definition's `concurrency`. */
  concurrency: Record<string, number>;
  /** Per job name, overrides a definition's `expireInSeconds` (tests shorten a resume). */
  expireSeconds?: Record<string, number>;
  /** How long `stop` lets running jobs finish before handing them back for retry. */
  stopTimeoutMs: number;
  /** How often expired jobs (a killed process's) are handed back, and old ones archived. */
  maintenanceIntervalSeconds?: number;
  /** How often the cron clock looks for due schedules (tests shorten it). */
  cronMonitorIntervalSeconds?: number;
}

export interface SendOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** Higher runs first among waiting jobs of the same kind. */
  priority?: number;
}

/** When a scheduled job runs: on a cron expression (one per job kind), or once at a time. */
export type JobSchedule = { cron: string; tz?: string } | { once: Date };

/** One stored job as the app sees it (the payload stays out: it may hold client data). */
export interface JobSummary {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  completedOn: Date | null;
  /** What the handler answered, or the scrubbed error of the last failed run. */
  output: unknown;
}

export interface JobQueueCounts {
  /** Waiting and due now (created or retry, start time passed). */
  ready: number;
  active: number;
  /** Failed for good (past their retry limit) in the last 24 hours. */
  failedLastDay: number;
  /** How long the oldest ready job has waited, in seconds (0 when none). */
  oldestReadySeconds: number;
}

export interface JobQueue {
  /** Adds a job kind; before the app is ready (each module registers its own). */
  register(definition: JobDefinition): void;
  /** Validates the payload and stores a job. Null when a job with its singleton key waits. */
  send<Def extends JobDefinition>(
    definition: Def,
    payload: JobPayload<Def>,
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * Many jobs of one kind in one statement (a 10,000-row batch queues in one round trip);
   * a job whose singleton key already waits is skipped, as `send` would.
   */
  sendMany<Def extends JobDefinition>(
    definition: Def,
    jobs: { payload: JobPayload<Def>; startAfter?: Date }[],
  ): Promise<void>;
  /**
   * Cron: stores (or replaces) the job kind's one cron schedule; whichever process holds the
   * clock enqueues each tick once, however many processes run. Once: enqueues the job for
   * `once` unless a job with this key was already enqueued (id derived from the key).
   */
  schedule<Def extends JobDefinition>(
    definition: Def,
    when: JobSchedule,
    payload: JobPayload<Def>,
    key?: string,
  ): Promise<string | null>;
  unschedule(definition: JobDefinition): Promise<void>;
  getJob(definition: JobDefinition, id: string): Promise<JobSummary | null>;
  /** Jobs past their retry limit, newest first: the dead letters. */
  failedJobs(definition: JobDefinition, limit?: number): Promise<JobSummary[]>;
  counts(): Promise<JobQueueCounts>;
  /** Installs or upgrades the queue's tables, creates the queues and (with workers) starts them. */
  start(): Promise<void>;
  /** Stops fetching, lets running jobs finish within the timeout, hands the rest back. */
  stop(): Promise<void>;
  /** Workers are fetching (false when they are off, not started, or stopping). */
  readonly working: boolean;
  /** When a worker last failed to reach the queue (null: never). */
  readonly lastWorkerErrorAt: Date | null;
}

function createBoss(options: JobQueueOptions, db: PgBoss.Db): PgBoss {
  return new PgBoss({
    db,
    schema: JOB_QUEUE_SCHEMA,
    migrate: true,
    supervise: options.workers,
    schedule: options.workers,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    ...(options.cronMonitorIntervalSeconds && {
      cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds,
      cronWorkerIntervalSeconds: options.cronMonitorIntervalSeconds,
    }),
  });
}

function toSummary(job: PgBoss.JobWithMetadata<unknown>): JobSummary {
  return {
    id: job.id,
    name: job.name,
    state: job.state,
    retryCount: job.retryCount,
    retryLimit: job.retryLimit,
    createdOn: job.createdOn,
    completedOn: job.completedOn ?? null,
    output: job.output ?? null,
  };
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database, log } = options;
  const definitions = new Map<string, JobDefinition>();
  const connection = openQueueConnection(database);
  const boss = createBoss(options, connection.db);
  let starting: Promise<void> | null = null;
  let working = false;
  let lastWorkerErrorAt: Date | null = null;

  // pg-boss reports background failures (a poll that could not reach the database) as events;
  // without a listener an 'error' event would crash the process.
  boss.on('error', (error) => {
    lastWorkerErrorAt = new Date();
    log.error({ err: describeJobError(error) }, 'job queue error');
  });

  function known(definition: JobDefinition): JobDefinition {
    if (definitions.get(definition.name) !== definition) {
      throw new Error(`Job "${definition.name}" is not registered (app.jobs.register)`);
    }
    return definition;
  }

  /** A definition's expiry, unless the configuration overrides it for this job kind. */
  function expireOf(definition: JobDefinition): number {
    return options.expireSeconds?.[definition.name] ?? definition.expireInSeconds;
  }

  function parse<Def extends JobDefinition>(definition: Def, payload: unknown) {
    const parsed = definition.payload.safeParse(payload);
    if (!parsed.success) throw new InvalidJobPayloadError(definition.name, parsed.error.issues);
    return parsed.data as object;
  }

  async function createQueue(definition: JobDefinition) {
    const queue: PgBoss.Queue = {
      name: definition.name,
      policy: definition.singletonKey ? 'stately' : 'standard',
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelaySeconds,
      retryBackoff: definition.retryBackoff,
      expireInSeconds: expireOf(definition),
    };
    await boss.createQueue(definition.name, queue);
    // createQueue leaves an existing queue as it is: a changed definition updates it.
    await boss.updateQueue(definition.name, queue);
  }

  async function work(definition: JobDefinition) {
    const handle = async ([job]: PgBoss.JobWithMetadata<unknown>[]) => {
      if (!job) return;
      const jobLog = log.child({ job: definition.name, jobId: job.id, attempt: job.retryCount });
      const started = performance.now();
      try {
        const payload = parse(definition, job.data);
        const output = await definition.handler(payload, {
          jobId: job.id,
          attempt: job.retryCount,
          log: jobLog,
          signal: AbortSignal.timeout(expireOf(definition) * 1000),
        });
        jobLog.debug({ ms: Math.round(performance.now() - started) }, 'job done');
        return output !== null && typeof output === 'object' ? output : undefined;
      } catch (error) {
        const final = job.retryCount >= job.retryLimit;
        const described = describeJobError(error);
        jobLog[final ? 'error' : 'warn'](
          {
            err: described,
            retryLimit: job.retryLimit,
            ms: Math.round(performance.now() - started),
          },
          final ? 'job failed past its retry limit' : 'job failed; it will be retried',
        );
        // pg-boss stores what it is given: only the scrubbed description, not the error.
        throw Object.assign(new Error(described.message), { name: described.type });
      }
    };
    const concurrency = options.concurrency[definition.name] ?? definition.concurrency;
    // pg-boss 10 has no per-worker concurrency: each `work` is one polling loop of its own.
    for (let i = 0; i < concurrency; i++) {
      let workerId = '';
      workerId = await boss.work(
        definition.name,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: definition.pollingIntervalSeconds,
        },
        (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
          // pg-boss 10 sleeps out the polling interval after every job, even with a backlog:
          // one job per interval per worker. A worker that found a job fetches again at once;
          // only an empty fetch waits (docs/changelog.md, issue 6).
          boss.notifyWorker(workerId);
          return handle(jobs);
        },
      );
    }
  }

  function ensureStarted(): Promise<void> {
    starting ??= (async () => {
      await boss.start();
      for (const definition of definitions.values()) await createQueue(definition);
      if (options.workers) {
        for (const definition of definitions.values()) await work(definition);
        working = true;
        log.info({ jobs: [...definitions.keys()] }, 'job workers started');
      }
    })();
    return starting;
  }

  return {
    register(definition) {
      if (starting) throw new Error(`Job "${definition.name}" registered after the queue started`);
      if (definitions.has(definition.name)) {
        throw new Error(`Job "${definition.name}" is registered twice`);
      }
      definitions.set(definition.name, definition);
    },

    async send(definition, payload, sendOptions = {}) {
      const data = parse(known(definition), payload);
      await ensureStarted();
      return boss.send(definition.name, data, {
        ...(definition.singletonKey && { singletonKey: definition.singletonKey(data) }),
        ...(sendOptions.startAfter && { startAfter: sendOptions.startAfter }),
        ...(sendOptions.priority !== undefined && { priority: sendOptions.priority }),
      });
    },

    async sendMany(definition, jobs) {
      known(definition);
      if (jobs.length === 0) return;
      const rows = jobs.map(({ payload, startAfter }) => {
        const data = parse(definition, payload);
        return {
          name: definition.name,
          data,
          ...(definition.singletonKey && { singletonKey: definition.singletonKey(data) }),
          ...(startAfter && { startAfter: startAfter.toISOString() }),
        };
      });
      await ensureStarted();
      await boss.insert(rows);
    },

    async schedule(definition, when, payload, key) {
      const data = parse(known(definition), payload);
      await ensureStarted();
      if ('cron' in when) {
        if (key !== undefined) {
          // pg-boss 10 keys a cron schedule by its queue: one per job kind.
          throw new Error('A cron schedule is one per job kind: it takes no key');
        }
        await boss.schedule(definition.name, when.cron, data, { tz: when.tz ?? 'UTC' });
        return null;
      }
      if (!key) throw new Error('A one-time schedule needs a key');
      const id = uuidFromKey(`${definition.name}\u0000${key}`);
      // Already run and archived counts too: "once" means once.
      if (await boss.getJobById(definition.name, id, { includeArchive: true })) return null;
      return boss.send(definition.name, data, {
        id,
        startAfter: when.once,
        ...(definition.singletonKey && { singletonKey: definition.singletonKey(data) }),
      });
    },

    async unschedule(definition) {
      await ensureStarted();
      await boss.unschedule(known(definition).name);
    },

    async getJob(definition, id) {
      await ensureStarted();
      const job = await boss.getJobById<unknown>(known(definition).name, id, {
        includeArchive: true,
      });
      return job ? toSummary(job) : null;
    },

    async failedJobs(definition, limit = 50) {
      known(definition);
      await ensureStarted();
      const { rows } = await database.executeSql(
        `select id from (
           select id, completed_on from ${JOB_QUEUE_SCHEMA}.job where name = $1 and state = 'failed'
           union all
           select id, completed_on from ${JOB_QUEUE_SCHEMA}.archive where name = $1 and state = 'failed'
         ) failed order by completed_on desc limit $2`,
        [definition.name, limit],
      );
      const jobs = await Promise.all(
        rows.map((row) =>
          boss.getJobById<unknown>(definition.name, String(row.id), { includeArchive: true }),
        ),
      );
      return jobs.filter((job) => job !== null).map(toSummary);
    },

    async counts() {
      await ensureStarted();
      const { rows } = await database.executeSql(
        `select
           count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
           count(*) filter (where state = 'active')::int as active,
           coalesce(extract(epoch from now() - min(start_after)
             filter (where state in ('created', 'retry') and start_after <= now())), 0)::int as oldest,
           (select count(*)::int from (
              select 1 from ${JOB_QUEUE_SCHEMA}.job where state = 'failed' and completed_on > now() - interval '1 day'
              union all
              select 1 from ${JOB_QUEUE_SCHEMA}.archive where state = 'failed' and completed_on > now() - interval '1 day'
            ) f) as failed
         from ${JOB_QUEUE_SCHEMA}.job where name not like '\\_\\_pgboss\\_\\_%'`,
        [],
      );
      const row = rows[0] ?? {};
      return {
        ready: Number(row.ready ?? 0),
        active: Number(row.active ?? 0),
        failedLastDay: Number(row.failed ?? 0),
        oldestReadySeconds: Number(row.oldest ?? 0),
      };
    },

    start: ensureStarted,

    async stop() {
      working = false;
      if (!starting) return connection.close();
      await starting.catch(() => {});
      await boss.stop({
        graceful: true,
        wait: true,
        timeout: Math.max(options.stopTimeoutMs, 1000),
      });
      // pg-boss records a finished job's completion without awaiting it: one more round trip
      // on the same connection lets it land before the connection closes.
      await connection.db.executeSql('select 1', []).catch(() => {});
      await connection.close();
      log.info('job queue stopped');
    },

    get working() {
      return working;
    },
    get lastWorkerErrorAt() {
      return lastWorkerErrorAt;
    },
  };
}
