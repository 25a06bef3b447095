import { localDateTimeToInstant } from '@pinpoint/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, notifications, posts } from '../../kernel/db/schema';
import { createTestApp } from '../../test/test-app';
import {
  callAs,
  chicagoIn,
  moveSendTime,
  type PostsFixture,
  postBody,
  postRow,
  postsFixture,
  writesOf,
} from './posts.test-setup';

/** Posts on the demo adapters (the default): the service's rules through the real routes. */
let app: FastifyInstance;
let f: PostsFixture;
let serial = 0;

beforeAll(async () => {
  ({ app } = await createTestApp());
});
afterAll(async () => {
  await app.close();
});

async function google(options: { approvalRequired?: boolean } = {}) {
  return postsFixture(
    app,
    'google-business-profile',
    `accounts/51/locations/${++serial}`,
    'demo',
    options,
  );
}

describe('drafts, validation and idempotency', () => {
  beforeAll(async () => {
    f = await google();
  });

  it('saves a draft once per key, and lists it for the client and the employee, not others', async () => {
    const as = callAs(app, f.cookies.client);
    const body = postBody({ summary: 'A draft about spring.' });
    const first = await as('POST', f.base, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      state: 'draft',
      editable: true,
      createdBy: 'Cara Client',
    });
    const again = await as('POST', f.base, body);
    expect(again.json().id).toBe(first.json().id);
    const list = (await as('GET', `${f.base}?state=draft`)).json();
    expect(list.items.map((p: { id: number }) => p.id)).toEqual([first.json().id]);
    expect(list).toMatchObject({ timeZone: 'America/Chicago', approvalRequired: false });
    const staff = await callAs(app, f.cookies.employee)('GET', `${f.base}?q=spring`);
    expect(staff.json().total).toBe(1);
    expect((await callAs(app, f.cookies.stranger)('GET', f.base)).statusCode).toBe(403);
  });

  it('refuses what Google would refuse, naming each field', async () => {
    const res = await callAs(app, f.cookies.client)(
      'POST',
      f.base,
      postBody({
        topicType: 'EVENT',
        summary: 'x'.repeat(1501),
        ctaType: 'BOOK',
        ctaUrl: 'not a link',
        event: { title: 'Open house', start: '2030-05-02T10:00', end: '2030-05-01T10:00' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body.ctaUrl', 'body.event.end', 'body.summary']);
    const call = await callAs(app, f.cookies.client)(
      'POST',
      f.base,
      postBody({ ctaType: 'CALL', ctaUrl: 'https://example.com' }),
    );
    expect(call.json().error.details).toEqual([expect.objectContaining({ path: 'body.ctaUrl' })]);
    const count = await app.database.db
      .select()
      .from(posts)
      .where(eq(posts.companyId, f.companyId));
    expect(count).toHaveLength(1);
  });

  it('keeps Facebook posts plain, and each product on its own routes', async () => {
    const fb = await postsFixture(app, 'facebook-page', `5551${++serial}`, 'demo');
    const as = callAs(app, fb.cookies.client);
    const res = await as('POST', fb.base, postBody({ topicType: 'OFFER', ctaType: 'BOOK' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.topicType', 'body.ctaType']),
    );
    const ok = await as('POST', fb.base, postBody({ ctaUrl: 'https://example.com/news' }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ source: 'facebook', productSlug: 'facebook-pro' });
    // A Facebook product is not under the Google routes, nor the reverse.
    const wrong = `/api/uni/products/socialposts/${fb.productId}`;
    expect((await as('GET', wrong)).statusCode).toBe(404);
    const company = await as('GET', `/api/uni/products/socialposts/company/${fb.companyId}`);
    expect(company.json().items).toHaveLength(1);
  });
});

describe('scheduled posts', () => {
  beforeAll(async () => {
    f = await google();
  });

  it('schedules in the company’s zone, is not sent early, and is published at its time', async () => {
    const as = callAs(app, f.cookies.client);
    const local = chicagoIn(120);
    const res = await as(
      'POST',
      f.base,
      postBody({
        topicType: 'OFFER',
        summary: '$25 off a furnace check this month.',
        event: { title: '$25 off', start: '2030-01-01T09:00', end: '2030-01-31T18:00' },
        offer: { couponCode: 'SAVE25', redeemUrl: 'https://example.com/offer', terms: '' },
        action: 'schedule',
        scheduledFor: local,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({ state: 'scheduled', scheduledForLocal: local, editable: true });
    const [write] = await writesOf(app, post.id);
    expect(write?.sendAfter?.toISOString()).toBe(
      localDateTimeToInstant(local, 'America/Chicago').toISOString(),
    );
    expect(post.event).toEqual({
      title: '$25 off',
      start: '2030-01-01T09:00',
      end: '2030-01-31T18:00',
    });

    // Asked to send before its time: nothing happens.
    expect((await app.vendorSync.sendNow(write?.id ?? 0))?.status).toBe('pending');
    expect((await postRow(app, post.id))?.state).toBe('scheduled');

    await moveSendTime(app, write?.id ?? 0, new Date(Date.now() - 1_000));
    expect((await app.vendorSync.sendNow(write?.id ?? 0))?.status).toBe('sent');
    const detail = (await as('GET', `${f.base}/${post.id}`)).json();
    expect(detail.post).toMatchObject({ state: 'published', editable: false, views: 0 });
    expect(detail.post.publishedAt).not.toBeNull();
    expect(detail.writes).toEqual([expect.objectContaining({ action: 'publish', status: 'sent' })]);

    // The overview's activity shows it.
    const activity = await as('GET', `/api/uni/client/activity/${f.companyId}?type=post_published`);
    expect(activity.json().items[0]).toMatchObject({
      title: 'Published a post on Google',
      detail: '$25 off a furnace check this month.',
      product: expect.objectContaining({ instanceId: f.productId }),
    });

    const edit = await as('PUT', `${f.base}/${post.id}`, postBody({ action: 'draft' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toMatch(/published post cannot be changed/);
  });

  it('refuses a time in the past, and a time more than a year ahead', async () => {
    const as = callAs(app, f.cookies.client);
    for (const scheduledFor of [chicagoIn(-5), chicagoIn(400 * 24 * 60)]) {
      const res = await as('POST', f.base, postBody({ action: 'schedule', scheduledFor }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details[0].path).toBe('body.scheduledFor');
    }
  });

  it('moves with an edit, and refuses an edit in its last 30 seconds', async () => {
    const as = callAs(app, f.cookies.client);
    const created = (
      await as('POST', f.base, postBody({ action: 'schedule', scheduledFor: chicagoIn(60) }))
    ).json();
    const later = chicagoIn(180);
    const edited = await as(
      'PUT',
      `${f.base}/${created.id}`,
      postBody({ summary: 'Moved to later.', action: 'schedule', scheduledFor: later }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ summary: 'Moved to later.', scheduledForLocal: later });
    const writes = await writesOf(app, created.id);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.sendAfter?.toISOString()).toBe(
      localDateTimeToInstant(later, 'America/Chicago').toISOString(),
    );

    await moveSendTime(app, writes[0]?.id ?? 0, new Date(Date.now() + 10_000));
    const tooLate = await as(
      'PUT',
      `${f.base}/${created.id}`,
      postBody({ summary: 'Too late.', action: 'schedule', scheduledFor: chicagoIn(240) }),
    );
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toBe(
      'It is being published now; it can no longer be changed.',
    );
    expect((await postRow(app, created.id))?.summary).toBe('Moved to later.');
  });

  it('publishes a scheduled post now when edited so, with the edit', async () => {
    const as = callAs(app, f.cookies.client);
    const created = (
      await as('POST', f.base, postBody({ action: 'schedule', scheduledFor: chicagoIn(60) }))
    ).json();
    const now = await as(
      'PUT',
      `${f.base}/${created.id}`,
      postBody({ summary: 'Changed my mind: now.', action: 'publish' }),
    );
    expect(now.json()).toMatchObject({ state: 'publishing', scheduledFor: null, editable: false });
    const writes = await writesOf(app, created.id);
    expect(writes).toHaveLength(1);
    expect(writes[0]?.sendAfter).toBeNull();
    expect((await app.vendorSync.sendNow(writes[0]?.id ?? 0))?.status).toBe('sent');
    expect(await postRow(app, created.id)).toMatchObject({
      state: 'published',
      summary: 'Changed my mind: now.',
    });
  });

  it('deletes a scheduled post by withdrawing its write', async () => {
    const as = callAs(app, f.cookies.client);
    const created = (
      await as('POST', f.base, postBody({ action: 'schedule', scheduledFor: chicagoIn(60) }))
    ).json();
    const res = await as('POST', `${f.base}/${created.id}/delete`, { idempotencyKey: 'del-0001' });
    expect(res.json()).toMatchObject({ state: 'deleted' });
    expect((await writesOf(app, created.id))[0]?.status).toBe('cancelled');
    expect((await as('GET', `${f.base}?state=deleted`)).json().total).toBe(1);
  });

  it('deletes a published post at the vendor through the outbox', async () => {
    const as = callAs(app, f.cookies.client);
    const created = (await as('POST', f.base, postBody({ action: 'publish' }))).json();
    expect(created.state).toBe('publishing');
    const [publish] = await writesOf(app, created.id);
    await app.vendorSync.sendNow(publish?.id ?? 0);
    const res = await as('POST', `${f.base}/${created.id}/delete`, { idempotencyKey: 'del-0002' });
    expect(res.json()).toMatchObject({ state: 'published' });
    const [remove] = await writesOf(app, created.id);
    expect(remove).toMatchObject({ kind: 'post.delete', status: 'pending' });
    expect((await app.vendorSync.sendNow(remove?.id ?? 0))?.status).toBe('sent');
    expect((await postRow(app, created.id))?.state).toBe('deleted');
  });
});

describe('approval by the client', () => {
  beforeAll(async () => {
    f = await google({ approvalRequired: true });
  });

  const pendingOf = async (companyId: number) =>
    app.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.companyId, companyId), eq(notifications.state, 'pending')));

  it('holds a staff post for approval; the client approves and it is published', async () => {
    const staff = callAs(app, f.cookies.employee);
    const client = callAs(app, f.cookies.client);
    const created = await staff(
      'POST',
      f.base,
      postBody({ summary: 'Staff wrote this offer.', action: 'publish' }),
    );
    expect(created.json()).toMatchObject({ state: 'awaiting_approval' });
    const [waiting] = await writesOf(app, created.json().id);
    expect(await app.vendorSync.sendNow(waiting?.id ?? 0)).toMatchObject({
      status: 'awaiting_approval',
    });
    const [request] = await pendingOf(f.companyId);
    expect(request).toMatchObject({ kind: 'post', title: 'Approve a post for Google' });
    expect(request?.body).toMatch(/Staff wrote this offer/);
    const approve = `/api/uni/client/notifications/${request?.id}/approve`;
    expect((await staff('POST', approve, { decision: 'approved' })).statusCode).toBe(403);
    expect((await client('POST', approve, { decision: 'approved' })).statusCode).toBe(200);
    expect((await postRow(app, created.json().id))?.state).toBe('publishing');
    expect((await app.vendorSync.sendNow(waiting?.id ?? 0))?.status).toBe('sent');
    expect((await postRow(app, created.json().id))?.state).toBe('published');
  });

  it('returns a declined post to staff with the client’s comment', async () => {
    const staff = callAs(app, f.cookies.employee);
    const client = callAs(app, f.cookies.client);
    const at = chicagoIn(24 * 60);
    const created = (
      await staff('POST', f.base, postBody({ action: 'schedule', scheduledFor: at }))
    ).json();
    const [request] = await pendingOf(f.companyId);
    expect(request?.body).toMatch(/Scheduled for/);
    const decided = await client('POST', `/api/uni/client/notifications/${request?.id}/approve`, {
      decision: 'declined',
      comment: 'Please mention the new opening hours.',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const detail = (await staff('GET', `${f.base}/${created.id}`)).json();
    expect(detail.post).toMatchObject({
      state: 'declined',
      declineComment: 'Please mention the new opening hours.',
      editable: true,
    });
    expect(detail.writes[0]).toMatchObject({
      status: 'declined',
      error: 'Please mention the new opening hours.',
    });

    // Staff rework it: it waits for the client again, as a new write.
    const again = await staff(
      'PUT',
      `${f.base}/${created.id}`,
      postBody({ summary: 'Now open until 8 pm.', action: 'schedule', scheduledFor: at }),
    );
    expect(again.json()).toMatchObject({ state: 'awaiting_approval', declineComment: null });
    expect(await writesOf(app, created.id)).toHaveLength(2);
    expect(await pendingOf(f.companyId)).toHaveLength(1);

    // The client's own edit does not wait: the staff request is withdrawn.
    const mine = await client(
      'PUT',
      `${f.base}/${created.id}`,
      postBody({
        summary: 'Open until 8 pm, from the owner.',
        action: 'schedule',
        scheduledFor: at,
      }),
    );
    expect(mine.json()).toMatchObject({ state: 'scheduled' });
    expect(await pendingOf(f.companyId)).toHaveLength(0);
    const writes = await writesOf(app, created.id);
    expect(writes.map((w) => w.status)).toEqual(['pending', 'cancelled', 'declined']);
  });

  it('never holds the client’s own posts', async () => {
    const res = await callAs(app, f.cookies.client)(
      'POST',
      f.base,
      postBody({ action: 'publish' }),
    );
    expect(res.json().state).toBe('publishing');
    const events = await app.database.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.companyId, f.companyId));
    expect(events.length).toBeGreaterThanOrEqual(1);
  });
});
