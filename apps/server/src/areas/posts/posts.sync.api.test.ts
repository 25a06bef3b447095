import {
  FB_FEED_PEER_NO_PERMISSION_TOKEN,
  FB_FEED_PEER_TOKEN,
  type RunningFacebookFeedPeer,
  startFacebookFeedPeer,
} from '@pinpoint/fake-vendors/facebook-feed-peer';
import {
  GBP_POSTS_PEER_EXPIRED_TOKEN,
  GBP_POSTS_PEER_TOKEN,
  type RunningGbpPostsPeer,
  startGbpPostsPeer,
} from '@pinpoint/fake-vendors/gbp-posts-peer';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, vendorConnections } from '../../kernel/db/schema';
import { createTestApp } from '../../test/test-app';
import { liveVendorsConfig } from '../reviews/reviews.test-setup';
import {
  callAs,
  chicagoIn,
  moveSendTime,
  postBody,
  postRow,
  postsFixture,
  writesOf,
} from './posts.test-setup';

/** The posts syncs and writes against the vendors' documented HTTP shapes (local fakes). */
let app: FastifyInstance;
let google: RunningGbpPostsPeer;
let facebook: RunningFacebookFeedPeer;
let serial = 0;

beforeAll(async () => {
  google = await startGbpPostsPeer();
  facebook = await startFacebookFeedPeer();
  ({ app } = await createTestApp({ config: liveVendorsConfig(google.base, facebook.base) }));
});
afterAll(async () => {
  await app.close();
  await google.close();
  await facebook.close();
});

const countOf = async (connectionId: number) => {
  const [row] = await app.database.db
    .select({
      n: sql<number>`count(*)::int`,
      distinctIds: sql<number>`count(distinct ${posts.externalId})::int`,
      views: sql<number>`coalesce(sum(${posts.views}), 0)::int`,
    })
    .from(posts)
    .where(eq(posts.connectionId, connectionId));
  return { n: Number(row?.n), distinctIds: Number(row?.distinctIds), views: Number(row?.views) };
};

const location = () => `accounts/61/locations/${9000 + ++serial}`;

describe('the Business Profile local posts sync', () => {
  it('syncs every page with its insights, then a second sync writes nothing', async () => {
    const account = location();
    google.addGeneratedPosts(account, 250);
    const f = await postsFixture(app, 'google-business-profile', account, GBP_POSTS_PEER_TOKEN);
    const first = await app.vendorSync.runSync(f.connectionId, 'posts');
    expect(first).toMatchObject({ status: 'done', pages: 3, itemsSeen: 250, itemsWritten: 250 });
    const stored = await countOf(f.connectionId);
    expect(stored).toMatchObject({ n: 250, distinctIds: 250 });
    expect(stored.views).toBeGreaterThan(250 * 100);
    const insights = google.requests.filter((r) => r.path.endsWith(':reportInsights'));
    expect(insights).toHaveLength(3);
    expect(insights[0]?.body).toMatchObject({
      basicRequest: {
        metricRequests: [
          { metric: 'LOCAL_POST_VIEWS_SEARCH' },
          { metric: 'LOCAL_POST_ACTIONS_CALL_TO_ACTION' },
        ],
      },
    });

    const second = await app.vendorSync.runSync(f.connectionId, 'posts');
    expect(second).toMatchObject({ status: 'done', pages: 1, itemsWritten: 0 });
    expect(await countOf(f.connectionId)).toEqual(stored);

    // The daily insights refresh moves the numbers of recent posts only.
    const newest = google.posts(account)[0]?.name ?? '';
    google.setInsights(newest, 5_000, 90);
    const refresh = await app.vendorSync.runSync(f.connectionId, 'post-insights');
    expect(refresh.itemsSeen).toBeLessThan(250);
    const [row] = await app.database.db.select().from(posts).where(eq(posts.externalId, newest));
    expect(row).toMatchObject({ views: 5_000, clicks: 90 });
  });

  it('publishes an offer with its button, dates and image link, and the sync does not duplicate it', async () => {
    const account = location();
    google.addGeneratedPosts(account, 3, new Date(Date.now() - 86_400_000));
    const f = await postsFixture(app, 'google-business-profile', account, GBP_POSTS_PEER_TOKEN);
    await app.vendorSync.runSync(f.connectionId, 'posts');
    const as = callAs(app, f.cookies.client);
    const created = await as(
      'POST',
      f.base,
      postBody({
        topicType: 'OFFER',
        summary: 'Half-price drain cleaning this week.',
        ctaType: 'BOOK',
        ctaUrl: 'https://example.com/book',
        event: { title: 'Half-price drains', start: '2030-03-01T08:00', end: '2030-03-07T17:30' },
        offer: { couponCode: 'DRAIN50', redeemUrl: '', terms: 'One per home.' },
        mediaUrl: 'https://lh3.googleusercontent.com/p/profile-photo-1',
        action: 'schedule',
        scheduledFor: chicagoIn(90),
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const [write] = await writesOf(app, created.json().id);
    await moveSendTime(app, write?.id ?? 0, new Date(Date.now() - 1_000));
    expect((await app.vendorSync.sendNow(write?.id ?? 0))?.status).toBe('sent');
    const sent = google.writes.filter((w) => w.method === 'POST' && w.account === account);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      languageCode: 'en-US',
      summary: 'Half-price drain cleaning this week.',
      topicType: 'OFFER',
      callToAction: { actionType: 'BOOK', url: 'https://example.com/book' },
      event: {
        title: 'Half-price drains',
        schedule: {
          startDate: { year: 2030, month: 3, day: 1 },
          startTime: { hours: 8, minutes: 0 },
          endDate: { year: 2030, month: 3, day: 7 },
          endTime: { hours: 17, minutes: 30 },
        },
      },
      offer: { couponCode: 'DRAIN50', termsConditions: 'One per home.' },
      media: [
        { mediaFormat: 'PHOTO', sourceUrl: 'https://lh3.googleusercontent.com/p/profile-photo-1' },
      ],
    });
    const published = await postRow(app, created.json().id);
    expect(published).toMatchObject({ state: 'published', externalId: sent[0]?.name });
    expect(published?.searchUrl).toMatch(/^https:\/\/local\.google\.com\//);

    google.setInsights(sent[0]?.name ?? '', 321, 12);
    await app.vendorSync.runSync(f.connectionId, 'posts');
    expect(await countOf(f.connectionId)).toMatchObject({ n: 4, distinctIds: 4 });
    expect(await postRow(app, created.json().id)).toMatchObject({
      state: 'published',
      views: 321,
      clicks: 12,
      createdBy: expect.any(Number),
    });

    // Deleted here, then at Google through the outbox.
    const removed = await as('POST', `${f.base}/${created.json().id}/delete`, {
      idempotencyKey: 'delete-offer-1',
    });
    expect(removed.json().state).toBe('published');
    const [remove] = await writesOf(app, created.json().id);
    expect((await app.vendorSync.sendNow(remove?.id ?? 0))?.status).toBe('sent');
    expect(google.writes.filter((w) => w.method === 'DELETE')).toEqual([
      expect.objectContaining({ name: sent[0]?.name }),
    ]);
    expect((await postRow(app, created.json().id))?.state).toBe('deleted');
  });

  it('fails a post Google refuses with Google’s reason, and sends nothing for a post deleted meanwhile', async () => {
    const account = location();
    const f = await postsFixture(app, 'google-business-profile', account, GBP_POSTS_PEER_TOKEN);
    const as = callAs(app, f.cookies.client);
    const refused = (await as('POST', f.base, postBody({ action: 'publish' }))).json();
    google.failNext(1, 400);
    const [write] = await writesOf(app, refused.id);
    expect((await app.vendorSync.sendNow(write?.id ?? 0))?.status).toBe('failed');
    const detail = (await as('GET', `${f.base}/${refused.id}`)).json();
    expect(detail.post).toMatchObject({ state: 'failed', editable: true });
    expect(detail.post.failureReason).toMatch(/HTTP 400: Request contains an invalid argument/);

    const gone = (await as('POST', f.base, postBody({ action: 'publish' }))).json();
    await app.database.db.update(posts).set({ state: 'deleted' }).where(eq(posts.id, gone.id));
    const before = google.writes.length;
    const [goneWrite] = await writesOf(app, gone.id);
    await app.vendorSync.sendNow(goneWrite?.id ?? 0);
    expect(google.writes.length).toBe(before);
    expect((await postRow(app, gone.id))?.state).toBe('deleted');
  });

  it('shows a post Google holds for review as publishing, and as published once it is live', async () => {
    const account = location();
    const f = await postsFixture(app, 'google-business-profile', account, GBP_POSTS_PEER_TOKEN);
    await app.vendorSync.runSync(f.connectionId, 'posts');
    const as = callAs(app, f.cookies.client);
    const created = (await as('POST', f.base, postBody({ action: 'publish' }))).json();
    google.createState = 'PROCESSING';
    const [write] = await writesOf(app, created.id);
    await app.vendorSync.sendNow(write?.id ?? 0);
    google.createState = 'LIVE';
    expect((await as('GET', `${f.base}/${created.id}`)).json().post.state).toBe('publishing');
    const activity = () =>
      as('GET', `/api/uni/client/activity/${f.companyId}?type=post_published`).then(
        (r) => r.json().total as number,
      );
    expect(await activity()).toBe(0);

    const held = google.posts(account)[0];
    if (held) {
      held.state = 'LIVE';
      held.updateTime = new Date(Date.now() + 1_000).toISOString();
    }
    await app.vendorSync.runSync(f.connectionId, 'posts');
    expect((await postRow(app, created.id))?.state).toBe('published');
    expect(await activity()).toBe(1);
  });

  it('marks the connection "needs attention" on an expired token, and waits out a 429', async () => {
    const expired = await postsFixture(
      app,
      'google-business-profile',
      location(),
      GBP_POSTS_PEER_EXPIRED_TOKEN,
    );
    expect((await app.vendorSync.runSync(expired.connectionId, 'posts')).status).toBe(
      'needs_attention',
    );
    const [connection] = await app.database.db
      .select()
      .from(vendorConnections)
      .where(eq(vendorConnections.id, expired.connectionId));
    expect(connection?.status).toBe('needs_attention');

    const account = location();
    google.addGeneratedPosts(account, 20);
    const f = await postsFixture(app, 'google-business-profile', account, GBP_POSTS_PEER_TOKEN);
    google.failNext(1, 429, '0');
    expect(await app.vendorSync.runSync(f.connectionId, 'posts')).toMatchObject({
      status: 'done',
      itemsWritten: 20,
    });
  });
});

describe('the Facebook page feed', () => {
  it('syncs the feed with insights, publishes a post with a link, and deletes it', async () => {
    const pageId = `30493827${++serial}`;
    facebook.addGeneratedPosts(pageId, 130, new Date(Date.now() - 3_600_000));
    const f = await postsFixture(app, 'facebook-page', pageId, FB_FEED_PEER_TOKEN);
    const run = await app.vendorSync.runSync(f.connectionId, 'posts');
    expect(run).toMatchObject({ status: 'done', pages: 2, itemsWritten: 130 });
    expect((await countOf(f.connectionId)).views).toBeGreaterThan(130 * 200);
    const feed = facebook.requests.find((r) => r.path.endsWith('/feed') && r.method === 'GET');
    expect(feed?.query.get('fields')).toContain('insights.metric(post_impressions,post_clicks)');

    const as = callAs(app, f.cookies.client);
    const created = (
      await as(
        'POST',
        f.base,
        postBody({
          summary: 'Read our new blog.',
          ctaUrl: 'https://example.com/blog',
          action: 'publish',
        }),
      )
    ).json();
    const [write] = await writesOf(app, created.id);
    expect((await app.vendorSync.sendNow(write?.id ?? 0))?.status).toBe('sent');
    expect(facebook.writes).toEqual([
      expect.objectContaining({
        kind: 'feed',
        pageId,
        body: expect.objectContaining({
          message: 'Read our new blog.',
          link: 'https://example.com/blog',
        }),
      }),
    ]);
    const published = await postRow(app, created.id);
    expect(published?.externalId).toMatch(new RegExp(`^${pageId}_`));
    await app.vendorSync.runSync(f.connectionId, 'posts');
    expect(await countOf(f.connectionId)).toMatchObject({ n: 131, distinctIds: 131 });

    await as('POST', `${f.base}/${created.id}/delete`, { idempotencyKey: 'fb-delete-01' });
    const [remove] = await writesOf(app, created.id);
    expect((await app.vendorSync.sendNow(remove?.id ?? 0))?.status).toBe('sent');
    expect(facebook.writes.at(-1)).toMatchObject({ kind: 'delete', postId: published?.externalId });
  });

  it('says "Access is denied" when the page token lacks the permission', async () => {
    const f = await postsFixture(
      app,
      'facebook-page',
      `40493827${++serial}`,
      FB_FEED_PEER_NO_PERMISSION_TOKEN,
    );
    expect((await app.vendorSync.runSync(f.connectionId, 'posts')).status).toBe('needs_attention');
    const list = (await callAs(app, f.cookies.client)('GET', f.base)).json();
    expect(list.connections).toEqual([
      expect.objectContaining({ status: 'needs_attention', lastError: 'Access is denied' }),
    ]);
  });
});
