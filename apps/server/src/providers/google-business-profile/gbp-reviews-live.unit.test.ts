import { refusedBaseUrl } from '@pinpoint/fake-vendors/dataforseo-peer';
import {
  GBP_PEER_ACCOUNT,
  GBP_PEER_EXPIRED_TOKEN,
  GBP_PEER_FORBIDDEN_TOKEN,
  GBP_PEER_TOKEN,
  type RunningGoogleBusinessPeer,
  startGoogleBusinessPeer,
} from '@pinpoint/fake-vendors/google-business-peer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionAccess } from '../kernel/connection-access';
import { VendorError } from '../kernel/vendor-errors';
import { createGbpReviewsLive } from './gbp-reviews-live';

let peer: RunningGoogleBusinessPeer;
const calls: [string, boolean][] = [];
const ACCESS: ConnectionAccess = { externalAccount: GBP_PEER_ACCOUNT, accessToken: GBP_PEER_TOKEN };

beforeAll(async () => {
  peer = await startGoogleBusinessPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.reset();
  calls.length = 0;
});

function adapter(timeoutMs = 2_000) {
  return createGbpReviewsLive({
    baseUrl: peer.base,
    timeoutMs,
    recordCall: async (name, ok) => {
      calls.push([name, ok]);
    },
  });
}

async function failureOf(promise: Promise<unknown>): Promise<VendorError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VendorError);
  return error as VendorError;
}

describe('Business Profile reviews (live), against a local server in the v4 shape', () => {
  it('sends the documented list request and maps a review, its reply and an anonymous one', async () => {
    peer.addReview(GBP_PEER_ACCOUNT, {
      reviewId: 'r-full',
      reviewerName: 'Dana Whitfield',
      starRating: 'FOUR',
      comment: 'Came on time, fair price.',
      createTime: '2025-03-01T10:00:00.123456789Z',
      updateTime: '2025-03-02T10:00:00Z',
      reviewReply: { comment: 'Thanks Dana!', updateTime: '2025-03-02T10:00:00Z' },
    });
    peer.addReview(GBP_PEER_ACCOUNT, {
      reviewId: 'r-anon',
      reviewer: { isAnonymous: true, displayName: 'Hidden' },
      starRating: 'STAR_RATING_UNSPECIFIED',
      comment: undefined,
      createTime: '2025-02-01T10:00:00Z',
      updateTime: '2025-02-01T10:00:00Z',
    });
    const page = await adapter().listReviews(ACCESS, { pageToken: null, pageSize: 20 });

    const [sent] = peer.requests;
    expect(sent?.method).toBe('GET');
    expect(sent?.url).toBe(
      '/v4/accounts/1001/locations/2002/reviews?pageSize=20&orderBy=updateTime%20desc',
    );
    expect(sent?.headers.authorization).toBe(`Bearer ${GBP_PEER_TOKEN}`);
    expect(page.nextPageToken).toBeNull();
    expect(page.reviews).toEqual([
      {
        externalId: 'r-full',
        reviewerName: 'Dana Whitfield',
        rating: 4,
        recommendation: null,
        comment: 'Came on time, fair price.',
        publishedAt: new Date('2025-03-01T10:00:00.123Z'),
        updatedAt: new Date('2025-03-02T10:00:00Z'),
        reply: {
          text: 'Thanks Dana!',
          updatedAt: new Date('2025-03-02T10:00:00Z'),
          externalId: null,
        },
      },
      {
        externalId: 'r-anon',
        reviewerName: 'A Google user',
        rating: null,
        recommendation: null,
        comment: '',
        publishedAt: new Date('2025-02-01T10:00:00Z'),
        updatedAt: new Date('2025-02-01T10:00:00Z'),
        reply: null,
      },
    ]);
    expect(calls).toEqual([['google-business-profile', true]]);
  });

  it('pages through many reviews with the page tokens, newest first, without duplicates', async () => {
    peer.addGeneratedReviews(GBP_PEER_ACCOUNT, 10_000);
    const provider = adapter();
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const page = await provider.listReviews(ACCESS, { pageToken: token, pageSize: 50 });
      seen.push(...page.reviews.map((r) => r.externalId));
      token = page.nextPageToken;
      pages++;
    } while (token && pages < 5);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
    expect(seen).toEqual(
      peer
        .reviews(GBP_PEER_ACCOUNT)
        .slice(0, 250)
        .map((r) => r.reviewId),
    );
    // The token from the last page was sent back as is.
    expect(peer.requests[1]?.query.get('pageToken')).toBeTruthy();
    expect(calls).toHaveLength(5);
  });

  it('asks for at most 50 a page, the API’s limit', async () => {
    await adapter().listReviews(ACCESS, { pageToken: null, pageSize: 500 });
    expect(peer.requests[0]?.query.get('pageSize')).toBe('50');
  });

  it('maps an expired token to auth, without the token in the message', async () => {
    const error = await failureOf(
      adapter().listReviews(
        { ...ACCESS, accessToken: GBP_PEER_EXPIRED_TOKEN },
        { pageToken: null, pageSize: 10 },
      ),
    );
    expect(error.code).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.needsAttention).toBe(true);
    expect(error.message).toContain('HTTP 401');
    expect(JSON.stringify({ m: error.message, error })).not.toContain(GBP_PEER_EXPIRED_TOKEN);
    expect(calls).toEqual([['google-business-profile', false]]);
  });

  it('maps a token without the scope to permission', async () => {
    const error = await failureOf(
      adapter().listReviews(
        { ...ACCESS, accessToken: GBP_PEER_FORBIDDEN_TOKEN },
        { pageToken: null, pageSize: 10 },
      ),
    );
    expect(error.code).toBe('permission');
  });

  it('maps 429 to rate_limited with Retry-After in seconds or as a date, and 503 to unavailable', async () => {
    peer.failNext(1, 429, '7');
    const seconds = await failureOf(
      adapter().listReviews(ACCESS, { pageToken: null, pageSize: 5 }),
    );
    expect(seconds.code).toBe('rate_limited');
    expect(seconds.retryAfterMs).toBe(7_000);
    expect(seconds.retryable).toBe(true);

    peer.failNext(1, 429, new Date(Date.now() + 60_000).toUTCString());
    const dated = await failureOf(adapter().listReviews(ACCESS, { pageToken: null, pageSize: 5 }));
    expect(dated.retryAfterMs).toBeGreaterThan(55_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(60_000);

    peer.failNext(1, 503);
    const down = await failureOf(adapter().listReviews(ACCESS, { pageToken: null, pageSize: 5 }));
    expect(down.code).toBe('unavailable');
    expect(down.status).toBe(503);
    // One request each: retrying is the caller's business.
    expect(peer.requests).toHaveLength(3);
    expect(calls.map(([, ok]) => ok)).toEqual([false, false, false]);
  });

  it('maps a timeout and an unreachable server to unavailable', async () => {
    peer.delayMs = 500;
    const slow = await failureOf(
      adapter(100).listReviews(ACCESS, { pageToken: null, pageSize: 5 }),
    );
    expect(slow.code).toBe('unavailable');
    expect(slow.message).toBe('Google Business Profile did not answer within 0.1 s.');
    const gone = await failureOf(
      createGbpReviewsLive({
        baseUrl: await refusedBaseUrl(),
        timeoutMs: 2_000,
        recordCall: async (name, ok) => {
          calls.push([name, ok]);
        },
      }).listReviews(ACCESS, { pageToken: null, pageSize: 5 }),
    );
    expect(gone.code).toBe('unavailable');
    expect(calls.map(([, ok]) => ok)).toEqual([false, false]);
  });

  it('stops when the caller gives up, without counting it against the vendor', async () => {
    peer.delayMs = 2_000;
    const controller = new AbortController();
    const pending = adapter().listReviews(
      ACCESS,
      { pageToken: null, pageSize: 5 },
      controller.signal,
    );
    await expect.poll(() => peer.requests.length).toBe(1);
    controller.abort();
    const error = await pending.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(calls).toEqual([]);
  });

  it('puts a reply with the documented method, path and body, then deletes it', async () => {
    peer.addReview(GBP_PEER_ACCOUNT, { reviewId: 'r1' });
    const provider = adapter();
    const reply = await provider.putReply(
      ACCESS,
      { externalId: 'r1', replyExternalId: null },
      'Thank you!',
    );
    expect(reply.text).toBe('Thank you!');
    expect(reply.externalId).toBeNull();
    expect(reply.updatedAt).toBeInstanceOf(Date);
    const put = peer.requests[0];
    expect(put?.method).toBe('PUT');
    expect(put?.path).toBe('/v4/accounts/1001/locations/2002/reviews/r1/reply');
    expect(put?.body).toEqual({ comment: 'Thank you!' });
    expect(put?.headers.authorization).toBe(`Bearer ${GBP_PEER_TOKEN}`);
    expect(put?.headers['content-type']).toBe('application/json');

    await provider.deleteReply(ACCESS, { externalId: 'r1', replyExternalId: null });
    expect(peer.requests[1]?.method).toBe('DELETE');
    expect(peer.requests[1]?.path).toBe('/v4/accounts/1001/locations/2002/reviews/r1/reply');
    expect(peer.replyWrites).toEqual([
      { method: 'PUT', account: GBP_PEER_ACCOUNT, reviewId: 'r1', comment: 'Thank you!' },
      { method: 'DELETE', account: GBP_PEER_ACCOUNT, reviewId: 'r1', comment: null },
    ]);
    expect(calls).toEqual([
      ['google-business-profile', true],
      ['google-business-profile', true],
    ]);
  });

  it('maps a reply to a review that is gone to not_found, and an empty reply to invalid', async () => {
    const gone = await failureOf(
      adapter().putReply(ACCESS, { externalId: 'missing', replyExternalId: null }, 'Hi'),
    );
    expect(gone.code).toBe('not_found');
    peer.addReview(GBP_PEER_ACCOUNT, { reviewId: 'r2' });
    const empty = await failureOf(
      adapter().putReply(ACCESS, { externalId: 'r2', replyExternalId: null }, ' '),
    );
    expect(empty.code).toBe('invalid');
    expect(empty.message).toBe(
      'Google Business Profile refused the request (HTTP 400: Request contains an invalid argument.).',
    );
  });

  it('lets a browser test add a review over HTTP', async () => {
    const response = await fetch(`${peer.base}/__peer/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account: GBP_PEER_ACCOUNT,
        reviewerName: 'Pat Lee',
        starRating: 2,
        comment: 'Late again.',
      }),
    });
    expect(response.status).toBe(201);
    const page = await adapter().listReviews(ACCESS, { pageToken: null, pageSize: 5 });
    expect(page.reviews[0]).toMatchObject({
      reviewerName: 'Pat Lee',
      rating: 2,
      comment: 'Late again.',
    });
  });
});
