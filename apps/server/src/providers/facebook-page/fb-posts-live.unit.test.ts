import {
  FB_FEED_PEER_EXPIRED_TOKEN,
  FB_FEED_PEER_NO_PERMISSION_TOKEN,
  FB_FEED_PEER_PAGE_ID,
  FB_FEED_PEER_TOKEN,
  type RunningFacebookFeedPeer,
  startFacebookFeedPeer,
} from '@pinpoint/fake-vendors/facebook-feed-peer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionAccess } from '../kernel/connection-access';
import type { PostDraft } from '../kernel/posts-port';
import { FACEBOOK_ACCESS_DENIED, VendorError } from '../kernel/vendor-errors';
import { createFbPostsLive, FEED_FIELDS } from './fb-posts-live';

let peer: RunningFacebookFeedPeer;
const ACCESS: ConnectionAccess = {
  externalAccount: FB_FEED_PEER_PAGE_ID,
  accessToken: FB_FEED_PEER_TOKEN,
};

beforeAll(async () => {
  peer = await startFacebookFeedPeer();
});
afterAll(() => peer.close());
beforeEach(() => peer.reset());

const adapter = () =>
  createFbPostsLive({
    baseUrl: peer.base,
    graphVersion: 'v19.0',
    timeoutMs: 2_000,
    recordCall: async () => {},
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
  topicType: 'STANDARD',
  summary: 'New hours from Monday.',
  ctaType: null,
  ctaUrl: 'https://example.com/hours',
  event: null,
  offer: null,
  media: null,
};

describe('Facebook page posts (live), against a local server in the Graph shape', () => {
  it('reads the feed with insights by field expansion and follows the cursor', async () => {
    peer.addGeneratedPosts(FB_FEED_PEER_PAGE_ID, 150);
    peer.addPost(FB_FEED_PEER_PAGE_ID, {
      message: 'Later, on Facebook’s own schedule.',
      is_published: false,
    });
    const live = adapter();
    const first = await live.listPosts(ACCESS, { pageToken: null, pageSize: 100 });
    expect(peer.requests[0]?.path).toBe(`/v19.0/${FB_FEED_PEER_PAGE_ID}/feed`);
    expect(peer.requests[0]?.query.get('fields')).toBe(FEED_FIELDS);
    expect(peer.requests[0]?.headers.authorization).toBe(`Bearer ${FB_FEED_PEER_TOKEN}`);
    expect(peer.requests[0]?.query.get('access_token')).toBeNull();
    expect(first.posts).toHaveLength(100);
    expect(first.posts.find((p) => p.state === 'scheduled')?.summary).toMatch(/own schedule/);
    const generated = first.posts.find((p) => p.state === 'published');
    expect(generated?.views).toBeGreaterThan(200);
    expect(generated?.clicks).not.toBeNull();
    expect(generated?.searchUrl).toMatch(/^https:\/\/www\.facebook\.com\//);
    const second = await live.listPosts(ACCESS, { pageToken: first.nextPageToken, pageSize: 100 });
    expect(second.posts).toHaveLength(51);
    expect(second.nextPageToken).toBeNull();
  });

  it('publishes a post with its link, a photo post with its caption, and deletes one', async () => {
    const live = adapter();
    const plain = await live.createPost(ACCESS, DRAFT);
    expect(peer.writes[0]).toMatchObject({
      kind: 'feed',
      body: {
        message: 'New hours from Monday.',
        link: 'https://example.com/hours',
        published: true,
      },
    });
    expect(plain.externalId).toMatch(new RegExp(`^${FB_FEED_PEER_PAGE_ID}_`));
    const photo = await live.createPost(ACCESS, {
      ...DRAFT,
      ctaUrl: null,
      media: { url: 'https://pinpoint.example.com/api/img/1?sig=abc' },
    });
    expect(peer.writes[1]).toMatchObject({
      kind: 'photo',
      body: {
        url: 'https://pinpoint.example.com/api/img/1?sig=abc',
        caption: 'New hours from Monday.',
      },
    });
    // The post's id, not the photo's: the feed lists the post.
    expect(photo.externalId).toBe(peer.writes[1]?.postId);
    await live.deletePost(ACCESS, plain.externalId);
    expect(peer.writes[2]).toMatchObject({ kind: 'delete', postId: plain.externalId });
    expect((await failureOf(live.deletePost(ACCESS, plain.externalId))).code).toBe('not_found');
    expect((await failureOf(live.deletePost(ACCESS, '999_1'))).code).toBe('invalid');
  });

  it('maps Graph’s errors: expired token, missing permission ("Access is denied"), rate limit', async () => {
    const expired = await failureOf(
      adapter().listPosts(
        { ...ACCESS, accessToken: FB_FEED_PEER_EXPIRED_TOKEN },
        { pageToken: null, pageSize: 5 },
      ),
    );
    expect(expired).toMatchObject({ code: 'auth', needsAttention: true });
    const denied = await failureOf(
      adapter().createPost({ ...ACCESS, accessToken: FB_FEED_PEER_NO_PERMISSION_TOKEN }, DRAFT),
    );
    expect(denied).toMatchObject({ code: 'permission', message: FACEBOOK_ACCESS_DENIED });
    peer.failNext(1, 429, '3');
    const limited = await failureOf(adapter().listPosts(ACCESS, { pageToken: null, pageSize: 5 }));
    expect(limited).toMatchObject({ code: 'rate_limited', retryAfterMs: 3_000 });
    expect(
      (await failureOf(adapter().createPost(ACCESS, { ...DRAFT, media: { imageId: 3 } }))).message,
    ).toMatch(/PUBLIC_URL/);
  });
});
