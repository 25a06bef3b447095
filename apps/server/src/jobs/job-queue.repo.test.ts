import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../test/test-app';
import { createTestApp } from '../test/test-app';
import { defineJob } from './define-job';
import { InvalidJobPayloadError } from './job-errors';
import { appWithJobs, jobInState, logCollector, waitFor } from './job-test-helpers';
import { uuidFromKey } from './queue-connection';

// Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set (see test-database.ts).

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
  let t: TestApp;
  const logs = logCollector();

  beforeAll(async () => {
    t = await appWithJobs([echo, alwaysFails, deduped], { logStream: logs.stream });
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
  });

  it('runs a job with its parsed payload; unknown fields are not stored', async () => {
    const id = await t.app.jobs.send(echo, {
      companyId: 7,
      keyword: 'plumber',
      // @ts-expect-error: not part of the payload, stripped by the schema
      sneaky: 'dropped',
    });
    expect(id).toEqual(expect.any(String));
    const job = await jobInState(t.app, echo, id as string, ['completed']);
    expect(job.output).toEqual({ echoed: 'plumber' });
    expect(received).toContainEqual({ companyId: 7, keyword: 'plumber' });
  });

  it('refuses an invalid payload at send, naming the fields, and stores nothing', async () => {
    const before = await t.app.jobs.counts();
    const send = t.app.jobs.send(echo, { companyId: -1, keyword: '' });
    await expect(send).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(send).rejects.toThrow(/companyId: .*; keyword: /);
    expect((await t.app.jobs.counts()).ready).toBe(before.ready);
  });

  it('refuses a job kind that was never registered', async () => {
    const stranger = defineJob({
      name: 'test.stranger',
      payload: z.object({}),
      handler: async () => {},
    });
    await expect(t.app.jobs.send(stranger, {})).rejects.toThrow(/not registered/);
  });

  it('retries up to the limit, then marks the job failed, visible, with no secret stored or logged', async () => {
    const id = (await t.app.jobs.send(alwaysFails, { n: 1 })) as string;
    const job = await jobInState(t.app, alwaysFails, id, ['failed']);
    expect(failingRuns).toBe(1 + alwaysFails.retryLimit);
    expect(job.retryCount).toBe(alwaysFails.retryLimit);
    expect(JSON.stringify(job.output)).not.toContain('sk-live-123456');
    expect(JSON.stringify(job.output)).toContain('key=[redacted]');

    const dead = await t.app.jobs.failedJobs(alwaysFails);
    expect(dead.map((j) => j.id)).toContain(id);
    expect((await t.app.jobs.counts()).failedLastDay).toBeGreaterThanOrEqual(1);

    const failureLines = logs.lines.filter((line) => line.includes('test.always-fails'));
    expect(failureLines.some((line) => line.includes('job failed past its retry limit'))).toBe(
      true,
    );
    expect(failureLines.filter((line) => line.includes('it will be retried'))).toHaveLength(2);
    expect(logs.lines.join('\n')).not.toContain('sk-live-123456');
  });

  it('keeps one waiting job per singleton key', async () => {
    const later = new Date(Date.now() + 60 * 60_000);
    const first = await t.app.jobs.send(deduped, { scanId: 1, point: 4 }, { startAfter: later });
    const again = await t.app.jobs.send(deduped, { scanId: 1, point: 4 }, { startAfter: later });
    const other = await t.app.jobs.send(deduped, { scanId: 1, point: 5 }, { startAfter: later });
    expect(first).toEqual(expect.any(String));
    expect(again).toBeNull();
    expect(other).toEqual(expect.any(String));
  });

  it('enqueues a one-time schedule once per key, however often it is asked', async () => {
    const at = new Date(Date.now() + 500);
    const first = await t.app.jobs.schedule(
      echo,
      { once: at },
      { companyId: 9, keyword: 'once' },
      'k1',
    );
    const again = await t.app.jobs.schedule(
      echo,
      { once: at },
      { companyId: 9, keyword: 'once' },
      'k1',
    );
    expect(first).toBe(uuidFromKey('test.echo\u0000k1'));
    expect(again).toBeNull();
    await jobInState(t.app, echo, first as string, ['completed']);
    // After it ran, asking again still does not run it twice.
    expect(
      await t.app.jobs.schedule(echo, { once: at }, { companyId: 9, keyword: 'once' }, 'k1'),
    ).toBeNull();
    expect(received.filter((p) => (p as { keyword: string }).keyword === 'once')).toHaveLength(1);
  });

  it('answers the job-queue health probe with counts', async () => {
    expect(t.app.healthProbes.names()).toContain('job-queue');
    const outcomes = await t.app.healthProbes.runAll();
    const probe = outcomes.find((o) => o.name === 'job-queue');
    expect(probe).toMatchObject({
      status: 'up',
      detail: expect.stringMatching(/waiting, \d+ running/),
    });
  });
});

describe('job queue (workers off, as in tests and web-only processes)', () => {
  it('still takes jobs, runs none, and shows no job-queue component', async () => {
    const t = await createTestApp({ extraRoutes: (scope) => scope.jobs.register(echo) });
    try {
      expect(t.app.healthProbes.names()).not.toContain('job-queue');
      const id = (await t.app.jobs.send(echo, { companyId: 1, keyword: 'queued' })) as string;
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect((await t.app.jobs.getJob(echo, id))?.state).toBe('created');
    } finally {
      await t.app.close();
      await t.database.close();
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
    const t = await appWithJobs([slow], { shutdownGraceMs: 10_000 });
    try {
      await t.app.jobs.send(slow, {});
      await waitFor(async () => started);
      await t.app.close();
      // Reopening the same database after a close is in job-queue.postgres.test.ts.
      expect(finished).toBe(true);
    } finally {
      await t.database.close();
    }
  });
});
