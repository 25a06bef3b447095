import {
  GBP_POSTS_PEER_ACCOUNT,
  GBP_POSTS_PEER_EXPIRED_TOKEN,
  GBP_POSTS_PEER_FORBIDDEN_TOKEN,
  GBP_POSTS_PEER_TOKEN,
  type RunningGbpPostsPeer,
  startGbpPostsPeer,
} from '@pinpoint/fake-vendors/gbp-posts-peer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { PostDraft } from '../kernel/posts-port';
import { VendorError } from '../kernel/vendor-errors';
import { createGbpPostsLive, GBP_REJECTED_REASON } from './gbp-posts-live';

let peer: RunningGbpPostsPeer;
const calls: [string, boolean][] = [];
const ACCESS: ConnectionAccess = {
  externalAccount: GBP_POSTS_PEER_ACCOUNT,
  accessToken: GBP_POSTS_PEER_TOKEN,
};

beforeAll(async () => {
  peer = await startGbpPostsPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.reset();
  calls.length = 0;
});

const adapter = () =>
  createGbpPostsLive({
    baseUrl: peer.base,
    timeoutMs: 2_000,
    recordCall: async (name, ok) => {
      calls.push([name, ok]);
    },
  });

async function failureOf(promise: Promise<unknown>): Promise<VendorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorError);
  return error as VendorError;
}

const DRAFT: PostDraft = {
  topicType: 'EVENT',
  summary: 'Open house on Saturday.',
  ctaType: 'CALL',
  ctaUrl: null,
  event: { title: 'Open house', start: '2030-04-05T10:00', end: '2030-04-05T15:30' },
  offer: null,
  media: null,
};

describe('Business Profile local posts (live), against a local server in the v4 shape', () => {
  it('lists a page with the documented request, maps an event post, and asks for its insights', async () => {
    peer.addPost(GBP_POSTS_PEER_ACCOUNT, {
      name: `${GBP_POSTS_PEER_ACCOUNT}/localPosts/ev1`,
      summary: 'Come by.',
      topicType: 'EVENT',
      callToAction: { actionType: 'LEARN_MORE', url: 'https://example.com' },
      event: {
        title: 'Fair',
        schedule: {
          startDate: { year: 2026, month: 5, day: 2 },
          startTime: { hours: 9 },
          endDate: { year: 2026, month: 5, day: 3 },
          endTime: { hours: 17, minutes: 45 },
        },
      },
      media: [{ mediaFormat: 'PHOTO', googleUrl: 'https://lh3.googleusercontent.com/x' }],
      createTime: '2026-04-01T10:00:00.123Z',
      updateTime: '2026-04-02T10:00:00Z',
    });
    peer.addPost(GBP_POSTS_PEER_ACCOUNT, { state: 'REJECTED', summary: 'Bad words.' });
    peer.setInsights(`${GBP_POSTS_PEER_ACCOUNT}/localPosts/ev1`, 420, 17);
    const page = await adapter().listPosts(ACCESS, { pageToken: null, pageSize: 500 });
    expect(peer.requests[0]?.url).toBe(`/v4/${GBP_POSTS_PEER_ACCOUNT}/localPosts?pageSize=100`);
    expect(peer.requests[0]?.headers.authorization).toBe(`Bearer ${GBP_POSTS_PEER_TOKEN}`);
    const event = page.posts.find((p) => p.externalId.endsWith('/ev1'));
    expect(event).toMatchObject({
      topicType: 'EVENT',
      ctaType: 'LEARN_MORE',
      event: { title: 'Fair', start: '2026-05-02T09:00', end: '2026-05-03T17:45' },
      mediaUrl: 'https://lh3.googleusercontent.com/x',
      state: 'published',
      views: 420,
      clicks: 17,
    });
    expect(event?.updatedAt.toISOString()).toBe('2026-04-02T10:00:00.000Z');
    expect(page.posts.find((p) => p.summary === 'Bad words.')).toMatchObject({
      state: 'failed',
      failureReason: GBP_REJECTED_REASON,
      views: null,
    });
    // Insights only for live posts, in one request.
    const insights = peer.requests.filter((r) => r.path.endsWith(':reportInsights'));
    expect(insights).toHaveLength(1);
    expect(insights[0]?.body).toMatchObject({
      localPostNames: [`${GBP_POSTS_PEER_ACCOUNT}/localPosts/ev1`],
    });
    expect(calls).toEqual([
      ['google-business-profile', true],
      ['google-business-profile', true],
    ]);
  });

  it('pages through 250 posts with the page token', async () => {
    peer.addGeneratedPosts(GBP_POSTS_PEER_ACCOUNT, 250);
    const live = adapter();
    const ids = new Set<string>();
    let pageToken: string | null = null;
    let pages = 0;
    do {
      const page = await live.listPosts(ACCESS, { pageToken, pageSize: 100 });
      for (const post of page.posts) ids.add(post.externalId);
      pageToken = page.nextPageToken;
      pages++;
    } while (pageToken);
    expect({ pages, ids: ids.size }).toEqual({ pages: 3, ids: 250 });
  });

  it('creates a post in the documented body and deletes it by its name', async () => {
    const live = adapter();
    const created = await live.createPost(ACCESS, DRAFT);
    expect(created).toMatchObject({ state: 'published', mediaUrl: null });
    expect(created.externalId).toMatch(new RegExp(`^${GBP_POSTS_PEER_ACCOUNT}/localPosts/`));
    expect(peer.writes[0]?.body).toEqual({
      languageCode: 'en-US',
      summary: 'Open house on Saturday.',
      topicType: 'EVENT',
      callToAction: { actionType: 'CALL' },
      event: {
        title: 'Open house',
        schedule: {
          startDate: { year: 2030, month: 4, day: 5 },
          startTime: { hours: 10, minutes: 0 },
          endDate: { year: 2030, month: 4, day: 5 },
          endTime: { hours: 15, minutes: 30 },
        },
      },
    });
    await live.deletePost(ACCESS, created.externalId);
    expect(peer.writes[1]).toMatchObject({ method: 'DELETE', name: created.externalId });
    expect((await failureOf(live.deletePost(ACCESS, created.externalId))).code).toBe('not_found');
    // Another location's post is never deleted through this one.
    const other = await failureOf(live.deletePost(ACCESS, 'accounts/9/locations/9/localPosts/1'));
    expect(other.code).toBe('invalid');
  });

  it('refuses an upload without a public address, without calling Google', async () => {
    const error = await failureOf(
      adapter().createPost(ACCESS, { ...DRAFT, media: { imageId: 7 } }),
    );
    expect(error).toMatchObject({ code: 'invalid' });
    expect(error.message).toMatch(/PUBLIC_URL/);
    expect(peer.requests).toHaveLength(0);
  });

  it('maps Google’s errors: 401 and 403 need attention, 429 carries Retry-After, a rejection fails', async () => {
    const expired = await failureOf(
      adapter().listPosts(
        { ...ACCESS, accessToken: GBP_POSTS_PEER_EXPIRED_TOKEN },
        { pageToken: null, pageSize: 10 },
      ),
    );
    expect(expired).toMatchObject({ code: 'auth', needsAttention: true, status: 401 });
    expect(expired.message).not.toContain(GBP_POSTS_PEER_EXPIRED_TOKEN);
    const forbidden = await failureOf(
      adapter().createPost({ ...ACCESS, accessToken: GBP_POSTS_PEER_FORBIDDEN_TOKEN }, DRAFT),
    );
    expect(forbidden).toMatchObject({ code: 'permission', needsAttention: true });
    peer.failNext(1, 429, '7');
    const limited = await failureOf(adapter().listPosts(ACCESS, { pageToken: null, pageSize: 10 }));
    expect(limited).toMatchObject({ code: 'rate_limited', retryable: true, retryAfterMs: 7_000 });
    peer.createState = 'REJECTED';
    const rejected = await failureOf(adapter().createPost(ACCESS, DRAFT));
    expect(rejected).toMatchObject({ code: 'invalid', message: GBP_REJECTED_REASON });
  });
});
