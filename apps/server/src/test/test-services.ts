import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { createRankGridEngine, type RankGridEngine } from '../areas/rank-grid/rank-grid.engine';
import { type AppConfig, type JobsConfig, loadConfig } from '../config/config';
import type { Database, Db } from '../kernel/db/database';
import { createAppJobQueue } from '../kernel/jobs/app-job-queue';
import type { JobDefinition } from '../kernel/jobs/define-job';
import type { JobQueue, JobSummary } from '../kernel/jobs/job-queue';
import { createHealthProbeRegistry, type HealthProbeRegistry } from '../kernel/lib/health-probes';
import { loggerOptions } from '../kernel/lib/logger';
import { createSecretBox, resolveSecretKey } from '../kernel/lib/secret-box';
import { syncProductCatalog } from '../platform/catalog/product-catalog';
import { NO_EVENTS } from '../platform/realtime/event-bus';
import { createProviderCallRecorder } from '../platform/status/provider-calls';
import { createStatusRepository } from '../platform/status/status.repository';
import type { VendorAreaOptions } from '../platform/vendor-sync/area-plugin-options';
import type { SyncDefinition } from '../platform/vendor-sync/define-sync';
import { createVendorSync, type VendorSync } from '../platform/vendor-sync/vendor-sync';
import type { RecordProviderCall } from '../providers/kernel/provider-calls';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * The wiring `.repo` tests share: a service built from its factories on the test file's own
 * database, as the app builds it, without booting the app (test-app.ts).
 */

/** The configuration the test app runs with (test-app.ts), defaults overridden. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PINPOINT_DEMO: '0',
    }),
    ...overrides,
  };
}

/** Workers on, with short maintenance so tests need not wait for the defaults. */
export const WORKERS_ON: JobsConfig = {
  workers: true,
  concurrency: {},
  maintenanceIntervalSeconds: 1,
};

/** The app's default in tests: the queue takes jobs and runs none. */
export const WORKERS_OFF: JobsConfig = { workers: false, concurrency: {} };

/** The server's default shutdown grace period (SHUTDOWN_GRACE_MS). */
const STOP_TIMEOUT_MS = 10_000;

/** The app's logger options (its redaction) at `level`. */
function logOptions(level: string) {
  return loggerOptions({ logLevel: level as AppConfig['logLevel'] });
}

/** A logger that writes nothing (TEST_LOG_LEVEL to see it), as the test app's. */
export function silentLog(): FastifyBaseLogger {
  return pino(logOptions(process.env.TEST_LOG_LEVEL ?? 'silent'));
}

/** Collects JSON log lines written to `stream` so a test can read what was logged. */
export function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

/** A logger at `info` whose lines the test reads. */
export function collectingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const { stream, lines } = logCollector();
  return { log: pino(logOptions('info'), stream), lines };
}

export interface TestJobQueueOptions {
  /** Default: WORKERS_ON. */
  config?: JobsConfig;
  log?: FastifyBaseLogger;
  stopTimeoutMs?: number;
  /** Where the queue adds its `job-queue` probe (with workers on); default: a registry of its own. */
  healthProbes?: HealthProbeRegistry;
}

/**
 * The app's job queue (jobs/app-job-queue.ts) on `database`, knowing `definitions`, started
 * as the app starts it when ready (with workers on). `stop()` it before closing the database.
 */
export async function createTestJobQueue(
  database: Database,
  /** The job kinds, or what registers them (services built on the queue, as modules do). */
  definitions: JobDefinition[] | ((queue: JobQueue) => void),
  options: TestJobQueueOptions = {},
): Promise<JobQueue> {
  const config = options.config ?? WORKERS_ON;
  const queue = createAppJobQueue({
    database,
    log: options.log ?? silentLog(),
    config,
    stopTimeoutMs: options.stopTimeoutMs ?? STOP_TIMEOUT_MS,
    healthProbes: options.healthProbes ?? createHealthProbeRegistry(),
  });
  if (typeof definitions === 'function') definitions(queue);
  else for (const definition of definitions) queue.register(definition);
  if (config.workers) await queue.start();
  return queue;
}

/** The status page's provider-call counter (app.recordProviderCall) on `db`. */
export function providerCallRecorder(db: Db): RecordProviderCall {
  return createProviderCallRecorder(createStatusRepository(db), silentLog());
}

/**
 * The rank grid engine (the rank-grid area's `rankGrid`) with the test app's search provider (the simulated
 * one), its scan-point job registered on `jobs`. No sockets: its events go nowhere.
 */
export function createTestRankGrid(db: Db, jobs: JobQueue): RankGridEngine {
  const config = testConfig();
  return createRankGridEngine({
    db,
    jobs,
    events: NO_EVENTS,
    search: config.search,
    quota: config.scanQuota,
    recordCall: providerCallRecorder(db),
    log: silentLog(),
  });
}

/**
 * The vendor data frame (app.vendorSync) on `jobs`, with a key of its own (as the test
 * app's: no PINPOINT_SECRET_KEY, no data folder) and the test configuration's gates.
 * Register an area's syncs on it with the area's own `create…Syncs`.
 */
export function createTestVendorSync(
  db: Db,
  jobs: JobQueue,
  config: Pick<AppConfig, 'vendorGate'> = testConfig(),
): VendorSync {
  const { storeTickSchedule: _notInTests, ...vendorSync } = createVendorSync({
    db,
    jobs,
    secrets: createSecretBox(resolveSecretKey(null, null)),
    events: NO_EVENTS,
    log: silentLog(),
    ...(config.vendorGate && { gatePolicy: config.vendorGate }),
  });
  return vendorSync;
}

/** A fresh test database with the product catalog, as the app syncs it at boot. */
export async function createCatalogTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await syncProductCatalog(database.db);
  return database;
}

/** What app.ts hands a vendor-data area's plugin, less the AI drafter. */
export type TestAreaOptions = Omit<VendorAreaOptions, 'llm'> & { db: Db };

export interface TestAreaSync {
  jobs: JobQueue;
  vendorSync: VendorSync;
}

/**
 * The vendor data frame with one area's syncs registered, as the area's plugin registers
 * them: `syncsOf` builds them with the area's own factories (its provider from
 * `config.vendors`, its repositories). The queue follows `config.jobs` (workers off in
 * tests): `vendorSync.runSync` runs a sync here and now, as the job would.
 */
export async function createTestAreaSync(
  database: Database,
  config: AppConfig,
  syncsOf: (area: TestAreaOptions) => SyncDefinition[],
): Promise<TestAreaSync> {
  let vendorSync: VendorSync | undefined;
  const jobs = await createTestJobQueue(
    database,
    (queue) => {
      const frame = createTestVendorSync(database.db, queue, config);
      const area: TestAreaOptions = {
        db: database.db,
        config,
        recordCall: providerCallRecorder(database.db),
        describeAccount: () => undefined,
      };
      for (const sync of syncsOf(area)) frame.registerSync(sync);
      vendorSync = frame;
    },
    { config: config.jobs },
  );
  if (!vendorSync) throw new Error('no vendor sync');
  return { jobs, vendorSync };
}

/** The origin `app.inject` requests come from by default (host `localhost:80`). */
export const TEST_ORIGIN = 'http://localhost';

/** A session cookie for a user of `app`, made directly (no sign-in route, no password needed). */
export async function sessionCookieOf(app: FastifyInstance, userId: number): Promise<string> {
  const { token } = await app.sessionService.create({
    userId,
    authType: 'password',
    ip: '127.0.0.1',
    userAgent: 'pinpoint test',
  });
  return `${app.sessionCookie.name}=${token}`;
}

/** Polls until `check` answers a value (workers poll every 0.5 s in these tests). */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the job is in one of `states`, and answers it. */
export function jobInState(
  queue: Pick<JobQueue, 'getJob'>,
  definition: JobDefinition,
  id: string,
  states: JobSummary['state'][],
  timeoutMs?: number,
) {
  return waitFor(async () => {
    const job = await queue.getJob(definition, id);
    return job && states.includes(job.state) ? job : null;
  }, timeoutMs);
}

/** Waits until no job of any kind is due or running: whatever was sent has been worked off. */
export function queueDrained(queue: Pick<JobQueue, 'counts'>, timeoutMs?: number) {
  return waitFor(async () => {
    const counts = await queue.counts();
    return counts.ready === 0 && counts.active === 0;
  }, timeoutMs);
}
