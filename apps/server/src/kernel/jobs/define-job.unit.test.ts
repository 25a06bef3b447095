import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './define-job';
import { describeJobError, redactSecrets } from './job-errors';
import type { JobQueue, JobQueueCounts } from './job-queue';
import { BACKLOG_THRESHOLD, jobQueueProbe } from './job-queue-probe';

describe('defineJob', () => {
  it('fills safe defaults and keeps what is given', () => {
    const job = defineJob({
      name: 'rank-scan.point',
      payload: z.object({}),
      retryLimit: 3,
      handler: async () => {},
    });
    expect(job).toMatchObject({
      retryLimit: 3,
      retryDelaySeconds: 5,
      concurrency: 1,
      singletonKey: null,
    });
    expect(Object.isFrozen(job)).toBe(true);
  });

  it('refuses names that are not dotted slugs and impossible numbers', () => {
    const base = { payload: z.object({}), handler: async () => {} };
    expect(() => defineJob({ ...base, name: 'Rank Scan' })).toThrow(/slugs/);
    expect(() => defineJob({ ...base, name: 'a', retryLimit: -1, concurrency: 0 })).toThrow(
      /retryLimit, concurrency/,
    );
  });
});

describe('job error descriptions', () => {
  it('scrubs credentials a vendor message may echo', () => {
    expect(redactSecrets('GET /maps?q=x&api_key=abc123 failed')).toBe(
      'GET /maps?q=x&api_key=[redacted] failed',
    );
    expect(redactSecrets('Authorization: Bearer eyJhbGci.x.y')).toBe(
      'Authorization: Bearer [redacted]',
    );
    expect(redactSecrets('postgres://app:hunter2@db:5432/x')).toBe(
      'postgres://app:[redacted]@db:5432/x',
    );
  });

  it('keeps kind and code, never extra properties', () => {
    const error = Object.assign(new TypeError('boom'), {
      code: 'E1',
      config: { headers: { k: 's' } },
    });
    expect(describeJobError(error)).toEqual({ type: 'TypeError', code: 'E1', message: 'boom' });
    expect(describeJobError('x')).toEqual({
      type: 'string',
      message: 'A non-error value was thrown.',
    });
  });
});

describe('job-queue health probe', () => {
  const counts: JobQueueCounts = { ready: 0, active: 1, failedLastDay: 0, oldestReadySeconds: 0 };
  const fakeQueue = (
    over: Partial<JobQueueCounts>,
    working = true,
    lastWorkerErrorAt: Date | null = null,
  ) =>
    ({
      counts: async () => ({ ...counts, ...over }),
      working,
      lastWorkerErrorAt,
    }) as unknown as JobQueue;

  it('is up with counts when the queue answers and workers run', async () => {
    expect(await jobQueueProbe(fakeQueue({ failedLastDay: 2 }))()).toEqual({
      status: 'up',
      detail: '0 jobs waiting, 1 running, 2 failed in the last day.',
    });
  });

  it('is degraded when jobs pile up or wait too long', async () => {
    expect((await jobQueueProbe(fakeQueue({ ready: BACKLOG_THRESHOLD + 1 }))()).status).toBe(
      'degraded',
    );
    expect((await jobQueueProbe(fakeQueue({ ready: 1, oldestReadySeconds: 3600 }))()).status).toBe(
      'degraded',
    );
    const now = Date.now();
    const probe = jobQueueProbe(fakeQueue({}, true, new Date(now - 5_000)), () => now);
    expect((await probe()).status).toBe('degraded');
  });

  it('is down when workers are not running, and throws (down) when the queue does not answer', async () => {
    expect((await jobQueueProbe(fakeQueue({}, false))()).status).toBe('down');
    const broken = {
      counts: async () => Promise.reject(new Error('no db')),
    } as unknown as JobQueue;
    await expect(jobQueueProbe(broken)()).rejects.toThrow();
  });
});

describe('jobs configuration', () => {
  it('runs workers by default, not under NODE_ENV=test, and reads per-job concurrency', async () => {
    const { loadConfig } = await import('../../config/config');
    expect(loadConfig({}).jobs).toEqual({ workers: true, concurrency: {} });
    expect(loadConfig({ NODE_ENV: 'test' }).jobs.workers).toBe(false);
    expect(
      loadConfig({ PINPOINT_JOBS: '1', PINPOINT_JOBS_CONCURRENCY: 'rank-scan.point=8, other=2' })
        .jobs,
    ).toEqual({ workers: true, concurrency: { 'rank-scan.point': 8, other: 2 } });
    expect(() => loadConfig({ PINPOINT_JOBS_CONCURRENCY: 'eight' })).toThrow(
      /PINPOINT_JOBS_CONCURRENCY must be a list/,
    );
  });
});
