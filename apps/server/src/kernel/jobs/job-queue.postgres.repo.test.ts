import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createTestJobQueue, jobInState, WORKERS_ON, waitFor } from '../../test/test-services';
import { openDatabase } from '../db/open-database';
import { defineJob, type JobDefinition } from './define-job';
import type { JobQueue } from './job-queue';
import type { JobsConfig } from './jobs-config';

/**
 * Several server processes on one database, each with its own pool and its own queue (as
 * each process's app builds it). PGlite is one in-process database that only one process
 * may open, so these run only on PostgreSQL (CI sets DATABASE_URL); on PGlite there is no
 * second process to race with.
 */
describe.skipIf(!process.env.DATABASE_URL)('job queue shared by several apps (PostgreSQL)', () => {
  let keeper: TestDatabase;
  const closers: (() => Promise<void>)[] = [];

  /** A server's queue on the same database; `close` is the app's: the queue, then its pool. */
  async function serverOnSharedDatabase(
    definitions: JobDefinition[],
    options: { jobs?: JobsConfig; shutdownGraceMs?: number } = {},
  ): Promise<{ jobs: JobQueue; close(): Promise<void> }> {
    const database = await openDatabase(
      { kind: 'postgres', url: keeper.url as string },
      { poolSize: 3 },
    );
    const jobs = await createTestJobQueue(database, definitions, {
      config: options.jobs ?? WORKERS_ON,
      ...(options.shutdownGraceMs !== undefined && { stopTimeoutMs: options.shutdownGraceMs }),
    });
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await jobs.stop();
      await database.close();
    };
    closers.push(close);
    return { jobs, close };
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
    for (const close of closers) await close().catch(() => {});
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
    let firstRunEnded!: () => void;
    const firstRunOver = new Promise<void>((resolve) => {
      firstRunEnded = resolve;
    });
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
        if (ctx.attempt === 0) {
          await new Promise((resolve) => setTimeout(resolve, 3_000));
          firstRunEnded();
        }
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
    await firstRunOver;
    // The worker's completion follows the handler's end in the same turn; a round trip to
    // the server gives a write it sent (it must not) time to land before the check.
    await new Promise((resolve) => setImmediate(resolve));
    await keeper.executeSql('select 1', []);
    expect(attempts).toEqual([0, 1]);
    expect((await next.jobs.getJob(long, id))?.state).toBe('completed');
  }, 30_000);

  it('a job that finishes within the grace period is completed, not run again', async () => {
    let runs = 0;
    const short = defineJob({
      name: 'test.short',
      // A marker job: sent after, run by the next server, proves its worker has looked.
      payload: z.object({ marker: z.boolean().optional() }),
      pollingIntervalSeconds: 0.5,
      handler: async ({ marker }) => {
        if (marker) return;
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
    // The next server's worker has fetched (and run) a job sent after: the completed one was
    // there to take, and was not taken.
    const marker = (await next.jobs.send(short, { marker: true })) as string;
    await jobInState(next.jobs, short, marker, ['completed']);
    expect(runs).toBe(1);
  }, 30_000);
});
