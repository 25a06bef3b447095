import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import type { JobsConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { testConfig } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { defineJob, type JobDefinition } from './define-job';
import { WORKERS_ON, waitFor } from './job-test-helpers';

/**
 * Several server processes on one database. PGlite is one in-process database that only one
 * process may open, so these run only on PostgreSQL (CI sets DATABASE_URL); on PGlite there
 * is no second process to race with.
 */
describe.skipIf(!process.env.DATABASE_URL)('job queue shared by several apps (PostgreSQL)', () => {
  let keeper: TestDatabase;
  const apps: FastifyInstance[] = [];

  /** One more server on the same database, with its own pool, as another process would have. */
  async function serverOnSharedDatabase(
    definitions: JobDefinition[],
    options: { jobs?: JobsConfig; shutdownGraceMs?: number } = {},
  ) {
    const database = await openDatabase(
      { kind: 'postgres', url: keeper.url as string },
      { poolSize: 3 },
    );
    const app = await buildApp({
      config: testConfig({
        jobs: options.jobs ?? WORKERS_ON,
        ...(options.shutdownGraceMs !== undefined && { shutdownGraceMs: options.shutdownGraceMs }),
      }),
      database,
      extraRoutes: (scope) => {
        for (const definition of definitions) scope.jobs.register(definition);
      },
    });
    apps.push(app);
    return app;
  }

  async function jobStates(name: string): Promise<string[]> {
    const { rows } = await keeper.executeSql(
      'select state from pgboss.job where name = $1 union all select state from pgboss.archive where name = $1',
      [name],
    );
    return rows.map((row) => String(row.state));
  }

  beforeAll(async () => {
    keeper = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await keeper?.close();
  });

  it('a cron schedule is enqueued once per tick with two servers running', async () => {
    let runs = 0;
    const tick = defineJob({
      name: 'test.cron-tick',
      payload: z.object({ what: z.string() }),
      pollingIntervalSeconds: 0.5,
      handler: async () => {
        runs++;
      },
    });
    // Both clocks look every second; without the queue's guard each would enqueue each time.
    const jobs = { ...WORKERS_ON, cronMonitorIntervalSeconds: 1 };
    // Start well inside a minute, so the whole test sees one tick of "every minute".
    const second = new Date().getUTCSeconds();
    if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));

    const one = await serverOnSharedDatabase([tick], { jobs });
    const two = await serverOnSharedDatabase([tick], { jobs });
    await one.jobs.schedule(tick, { cron: '* * * * *' }, { what: 'scan due configs' });
    await two.jobs.schedule(tick, { cron: '* * * * *' }, { what: 'scan due configs' });

    await waitFor(async () => runs > 0, 15_000);
    // Several more looks by both clocks within the same minute.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(runs).toBe(1);
    expect(await jobStates('test.cron-tick')).toEqual(['completed']);
    await one.jobs.unschedule(tick);
  }, 90_000);

  it('a job cut off by a shutdown is handed back and finished by the next server', async () => {
    const attempts: number[] = [];
    const long = defineJob({
      name: 'test.long',
      payload: z.object({ scanId: z.number() }),
      retryLimit: 2,
      retryDelaySeconds: 0,
      retryBackoff: false,
      pollingIntervalSeconds: 0.5,
      handler: async (_payload, ctx) => {
        attempts.push(ctx.attempt);
        // The first run outlasts the shutdown grace period; the retry is quick.
        if (ctx.attempt === 0) await new Promise((resolve) => setTimeout(resolve, 3_000));
      },
    });
    const first = await serverOnSharedDatabase([long], { shutdownGraceMs: 1_000 });
    const id = (await first.jobs.send(long, { scanId: 1 })) as string;
    await waitFor(async () => attempts.length > 0);
    await first.close();
    expect(await jobStates('test.long')).toEqual(['retry']);

    const next = await serverOnSharedDatabase([long]);
    await waitFor(async () => (await next.jobs.getJob(long, id))?.state === 'completed');
    // Let the cut-off first run end too: its late completion must not be written.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(attempts).toEqual([0, 1]);
    expect((await next.jobs.getJob(long, id))?.state).toBe('completed');
  }, 30_000);

  it('a job that finishes within the grace period is completed, not run again', async () => {
    let runs = 0;
    const short = defineJob({
      name: 'test.short',
      payload: z.object({}),
      pollingIntervalSeconds: 0.5,
      handler: async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      },
    });
    const first = await serverOnSharedDatabase([short], { shutdownGraceMs: 10_000 });
    const id = (await first.jobs.send(short, {})) as string;
    await waitFor(async () => runs > 0);
    await first.close();

    const next = await serverOnSharedDatabase([short]);
    expect((await next.jobs.getJob(short, id))?.state).toBe('completed');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(runs).toBe(1);
  }, 30_000);
});
