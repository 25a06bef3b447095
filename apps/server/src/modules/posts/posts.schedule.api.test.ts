import { POST_SCHEDULE_MIN_LEAD_SECONDS } from '@pinpoint/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testConfig } from '../../test/test-app';
import { callAs, postBody, postRow, postsFixture } from './posts.test-setup';

/**
 * The browser test's story on the real job queue: a client schedules an offer a few seconds
 * ahead, sees it scheduled, and the queue publishes it at its time (not before).
 */
let app: FastifyInstance;

beforeAll(async () => {
  const base = testConfig();
  ({ app } = await createTestApp({ config: { jobs: { ...base.jobs, workers: true } } }));
});
afterAll(async () => {
  await app.close();
});

/** A local date-time with seconds in America/Chicago, `seconds` from now. */
function chicagoInSeconds(seconds: number): string {
  const at = new Date(Date.now() + seconds * 1000);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a scheduled post on the job queue', () => {
  it('stays scheduled until its time and is then published once', async () => {
    const f = await postsFixture(app, 'google-business-profile', 'accounts/71/locations/1', 'demo');
    const as = callAs(app, f.cookies.client);
    const res = await as(
      'POST',
      f.base,
      postBody({
        topicType: 'OFFER',
        summary: 'Ten percent off gutters, this week only.',
        ctaType: 'SHOP',
        ctaUrl: 'https://example.com/gutters',
        event: { title: '10% off gutters', start: '2030-06-01T08:00', end: '2030-06-08T18:00' },
        action: 'schedule',
        // Well past the 10-second minimum lead: on a loaded CI machine the request itself
        // can take seconds, and the check runs against the clock when it arrives.
        scheduledFor: chicagoInSeconds(POST_SCHEDULE_MIN_LEAD_SECONDS + 15),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const due = Date.parse(res.json().scheduledFor);
    expect((await as('GET', `${f.base}/${id}`)).json().post.state).toBe('scheduled');

    const published = await until(
      () => postRow(app, id),
      (row) => row?.state === 'published',
    );
    expect(published?.state).toBe('published');
    expect(published?.publishedAt?.getTime()).toBeGreaterThanOrEqual(due);
    const detail = (await as('GET', `${f.base}/${id}`)).json();
    expect(detail.writes).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  }, 90_000);
});
