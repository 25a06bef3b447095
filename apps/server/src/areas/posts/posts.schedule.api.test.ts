import { POST_SCHEDULE_MIN_LEAD_SECONDS } from '@pinpoint/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadIf } from '../../platform/realtime/event-bus';
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

/**
 * Whether the app announced the post in `state` within `ms` (the outbox announces a post's
 * new state once its write is sent and committed).
 */
function announced(postId: () => number, state: string, ms = 60_000): Promise<boolean> {
  return new Promise((resolve) => {
    let waiting = true;
    const stop = (seen: boolean) => {
      waiting = false;
      clearTimeout(timer);
      resolve(seen);
    };
    const timer = setTimeout(() => stop(false), ms);
    app.realtime.onChange((event) => {
      const payload = payloadIf(event, 'post.changed');
      if (waiting && payload?.postId === postId() && payload.state === state) stop(true);
    });
  });
}

describe('a scheduled post on the job queue', () => {
  it('stays scheduled until its time and is then published once', async () => {
    const f = await postsFixture(app, 'google-business-profile', 'accounts/71/locations/1', 'demo');
    const as = callAs(app, f.cookies.client);
    // Listening before the post exists: its announcement cannot be missed.
    let id = 0;
    const published = announced(() => id, 'published');
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
    id = res.json().id as number;
    const due = Date.parse(res.json().scheduledFor);
    expect((await as('GET', `${f.base}/${id}`)).json().post.state).toBe('scheduled');

    expect(await published, 'announced as published').toBe(true);
    const row = await postRow(app, id);
    expect(row?.state).toBe('published');
    expect(row?.publishedAt?.getTime()).toBeGreaterThanOrEqual(due);
    const detail = (await as('GET', `${f.base}/${id}`)).json();
    expect(detail.writes).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  }, 90_000);
});
