import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import {
  collectingLog,
  createTestJobQueue,
  jobInState,
  WORKERS_OFF,
  waitFor,
} from '../../test/test-services';
import { createHealthProbeRegistry } from '../lib/health-probes';
import { defineJob } from './define-job';
import { InvalidJobPayloadError } from './job-errors';
import type { JobQueue } from './job-queue';
import { uuidFromKey } from './queue-connection';

// The app's queue (app-job-queue.ts) on this file's database, without the app. Runs on
// PGlite by default and on PostgreSQL when DATABASE_URL is set (see test-database.ts).

const received: unknown[] = [];
const echo = defineJob({
  name: 'test.echo',
  payload: z.object({ companyId: z.number().int().positive(), keyword: z.string().min(1) }),
  pollingIntervalSeconds: 0.5,
  handler: async (payload) => {
    received.push(payload);
    return { echoed: payload.keyword };
  },
});

let failingRuns = 0;
const alwaysFails = defineJob({
  name: 'test.always-fails',
  payload: z.object({ n: z.number() }),
  retryLimit: 2,
  retryDelaySeconds: 0,
  retryBackoff: false,
  pollingIntervalSeconds: 0.5,
  handler: async () => {
    failingRuns++;
    throw new Error('vendor said no: https://api.example.test/v1/maps?key=sk-live-123456&q=x');
  },
});

const deduped = defineJob({
  name: 'test.deduped',
  payload: z.object({ scanId: z.number(), point: z.number() }),
  singletonKey: (payload) => `${payload.scanId}:${payload.point}`,
  pollingIntervalSeconds: 0.5,
  handler: async () => undefined,
});

describe('job queue (workers on)', () => {
  let database: TestDatabase;
  let queue: JobQueue;
  const logs = collectingLog();
  const healthProbes = createHealthProbeRegistry();

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await createTestJobQueue(database, [echo, alwaysFails, deduped], {
      log: logs.log,
      healthProbes,
    });
  });
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it('runs a job with its parsed payload; unknown fields are not stored', async () => {
    const id = await queue.send(echo, {
      companyId: 7,
      keyword: 'plumber',
      // @ts-expect-error: not part of the payload, stripped by the schema
      sneaky: 'dropped',
    });
    expect(id).toEqual(expect.any(String));
    const job = await jobInState(queue, echo, id as string, ['completed']);
    expect(job.output).toEqual({ echoed: 'plumber' });
    expect(received).toContainEqual({ companyId: 7, keyword: 'plumber' });
  });

  it('refuses an invalid payload at send, naming the fields, and stores nothing', async () => {
    const before = await queue.counts();
    const send = queue.send(echo, { companyId: -1, keyword: '' });
    await expect(send).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(send).rejects.toThrow(/companyId: .*; keyword: /);
    expect((await queue.counts()).ready).toBe(before.ready);
  });

  it('refuses a job kind that was never registered', async () => {
    const stranger = defineJob({
      name: 'test.stranger',
      payload: z.object({}),
      handler: async () => {},
    });
    await expect(queue.send(stranger, {})).rejects.toThrow(/not registered/);
  });

  it('retries up to the limit, then marks the job failed, visible, with no secret stored or logged', async () => {
    const id = (await queue.send(alwaysFails, { n: 1 })) as string;
    const job = await jobInState(queue, alwaysFails, id, ['failed']);
    expect(failingRuns).toBe(1 + alwaysFails.retryLimit);
    expect(job.retryCount).toBe(alwaysFails.retryLimit);
    expect(JSON.stringify(job.output)).not.toContain('sk-live-123456');
    expect(JSON.stringify(job.output)).toContain('key=[redacted]');

    const dead = await queue.failedJobs(alwaysFails);
    expect(dead.map((j) => j.id)).toContain(id);
    expect((await queue.counts()).failedLastDay).toBeGreaterThanOrEqual(1);

    const failureLines = logs.lines.filter((line) => line.includes('test.always-fails'));
    expect(failureLines.some((line) => line.includes('job failed past its retry limit'))).toBe(
      true,
    );
    expect(failureLines.filter((line) => line.includes('it will be retried'))).toHaveLength(2);
    expect(logs.lines.join('\n')).not.toContain('sk-live-123456');
  });

  it('keeps one waiting job per singleton key', async () => {
    const later = new Date(Date.now() + 60 * 60_000);
    const first = await queue.send(deduped, { scanId: 1, point: 4 }, { startAfter: later });
    const again = await queue.send(deduped, { scanId: 1, point: 4 }, { startAfter: later });
    const other = await queue.send(deduped, { scanId: 1, point: 5 }, { startAfter: later });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
  });

  it('enqueues a one-time schedule once per key, however often it is asked', async () => {
    const at = new Date(Date.now() + 500);
    const first = await queue.schedule(echo, { once: at }, { companyId: 9, keyword: 'once' }, 'k1');
    const again = await queue.schedule(echo, { once: at }, { companyId: 9, keyword: 'once' }, 'k1');
    expect(first).toBe(uuidFromKey('test.echo\u0000k1'));
    expect(again).toBeNull();
    await jobInState(queue, echo, first as string, ['completed']);
    // After it ran, asking again still does not run it twice.
    expect(
      await queue.schedule(echo, { once: at }, { companyId: 9, keyword: 'once' }, 'k1'),
    ).toBeNull();
    expect(received.filter((p) => (p as { keyword: string }).keyword === 'once')).toHaveLength(1);
  });

  it('answers the job-queue health probe with counts', async () => {
    expect(healthProbes.names()).toContain('job-queue');
    const outcomes = await healthProbes.runAll();
    const probe = outcomes.find((o) => o.name === 'job-queue');
    expect(probe).toMatchObject({
      status: 'up',
      detail: expect.stringMatching(/waiting, \d+ running/),
    });
  });
});

describe('job queue (workers off, as in tests and web-only processes)', () => {
  it('still takes jobs, runs none, and shows no job-queue component', async () => {
    const database = await createTestDatabase();
    const healthProbes = createHealthProbeRegistry();
    const queue = await createTestJobQueue(database, [echo], {
      config: WORKERS_OFF,
      healthProbes,
    });
    try {
      expect(healthProbes.names()).not.toContain('job-queue');
      const id = (await queue.send(echo, { companyId: 1, keyword: 'queued' })) as string;
      // Started by the send, with no worker of its own: nothing here will ever fetch it.
      expect(queue.working).toBe(false);
      expect((await queue.getJob(echo, id))?.state).toBe('created');
    } finally {
      await queue.stop();
      await database.close();
    }
  });
});

describe('graceful close', () => {
  it('lets a running job finish before the database closes', async () => {
    let finished = false;
    let started = false;
    const slow = defineJob({
      name: 'test.slow',
      payload: z.object({}),
      pollingIntervalSeconds: 0.5,
      handler: async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 1200));
        finished = true;
      },
    });
    const database = await createTestDatabase();
    const queue = await createTestJobQueue(database, [slow], { stopTimeoutMs: 10_000 });
    try {
      await queue.send(slow, {});
      await waitFor(async () => started);
      // What the app does when it closes (plugins/jobs.ts, preClose), before the database.
      await queue.stop();
      // Reopening the same database after a close is in job-queue.postgres.repo.test.ts.
      expect(finished).toBe(true);
    } finally {
      await database.close();
    }
  });
});
