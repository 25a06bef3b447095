import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { JobsConfig } from '../config';
import { createTestApp } from '../test/test-app';
import type { JobDefinition } from './define-job';
import type { JobSummary } from './job-queue';

/** Workers on, with short maintenance so tests need not wait for the defaults. */
export const WORKERS_ON: JobsConfig = {
  workers: true,
  concurrency: {},
  maintenanceIntervalSeconds: 1,
};

/** Collects the app's JSON log lines so a test can read what was logged. */
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

/** A test app whose queue knows `definitions` (registered while the app loads, as modules do). */
export async function appWithJobs(
  definitions: JobDefinition[],
  options: { jobs?: JobsConfig; logStream?: NodeJS.WritableStream; shutdownGraceMs?: number } = {},
) {
  return createTestApp({
    config: {
      jobs: options.jobs ?? WORKERS_ON,
      ...(options.shutdownGraceMs !== undefined && { shutdownGraceMs: options.shutdownGraceMs }),
      ...(options.logStream && { logLevel: 'info' as const }),
    },
    logStream: options.logStream,
    extraRoutes: (scope) => {
      for (const definition of definitions) scope.jobs.register(definition);
    },
  });
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

export function jobInState(
  app: FastifyInstance,
  definition: JobDefinition,
  id: string,
  states: JobSummary['state'][],
) {
  return waitFor(async () => {
    const job = await app.jobs.getJob(definition, id);
    return job && states.includes(job.state) ? job : null;
  });
}
