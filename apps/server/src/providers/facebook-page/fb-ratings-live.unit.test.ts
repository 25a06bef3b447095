import {
  FB_PEER_EXPIRED_TOKEN,
  FB_PEER_NO_PERMISSION_TOKEN,
  FB_PEER_PAGE_ID,
  FB_PEER_TOKEN,
  type RunningFacebookGraphPeer,
  startFacebookGraphPeer,
} from '@pinpoint/fake-vendors/facebook-graph-peer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionAccess } from '../kernel/connection-access';
import { VendorError } from '../kernel/vendor-errors';
import { createFbRatingsLive, RATINGS_FIELDS } from './fb-ratings-live';

let peer: RunningFacebookGraphPeer;
const calls: [string, boolean][] = [];
const ACCESS: ConnectionAccess = { externalAccount: FB_PEER_PAGE_ID, accessToken: FB_PEER_TOKEN };
const record = async (name: string, ok: boolean) => {
  calls.push([name, ok]);
};

beforeAll(async () => {
  peer = await startFacebookGraphPeer();
});
afterAll(() => peer.close());
beforeEach(() => {
  peer.reset();
  calls.length = 0;
});

function adapter(fetchImpl?: typeof fetch) {
  return createFbRatingsLive({
    baseUrl: peer.base,
    timeoutMs: 2_000,
    recordCall: record,
    fetchImpl,
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

describe('Facebook page ratings (live), against a local server in the Graph API shape', () => {
  it('asks for the documented fields with the token in the header, and maps a rating and the page’s reply', async () => {
    const rating = peer.addReview(FB_PEER_PAGE_ID, {
      created_time: '2025-04-02T09:30:00+0000',
      reviewerName: 'Sam Ortiz',
      recommendation: 'negative',
      comment: 'They never called back.',
      rating: 2,
      open_graph_story: { id: 'story-1' },
    });
    peer.addComment(rating.open_graph_story.id, 'Me too!', { id: '555', name: 'A Neighbour' });
    const reply = peer.addComment(rating.open_graph_story.id, 'Sorry Sam, please call us.');
    peer.addReview(FB_PEER_PAGE_ID, {
      created_time: '2025-03-01T08:00:00+0000',
      reviewer: undefined,
      review_text: undefined,
      open_graph_story: { id: 'story-2' },
    });

    const page = await adapter().listReviews(ACCESS, { pageToken: null, pageSize: 10 });
    const [sent] = peer.requests;
    expect(sent?.method).toBe('GET');
    expect(sent?.path).toBe(`/v19.0/${FB_PEER_PAGE_ID}/ratings`);
    expect(sent?.query.get('fields')).toBe(RATINGS_FIELDS);
    expect(sent?.query.get('limit')).toBe('10');
    expect(sent?.query.has('access_token')).toBe(false);
    expect(sent?.url).not.toContain(FB_PEER_TOKEN);
    expect(sent?.headers.authorization).toBe(`Bearer ${FB_PEER_TOKEN}`);
    expect(page.nextPageToken).toBeNull();
    expect(page.reviews).toEqual([
      {
        externalId: 'story-1',
        reviewerName: 'Sam Ortiz',
        rating: 2,
        recommendation: 'negative',
        comment: 'They never called back.',
        publishedAt: new Date('2025-04-02T09:30:00Z'),
        updatedAt: new Date('2025-04-02T09:30:00Z'),
        reply: {
          text: 'Sorry Sam, please call us.',
          updatedAt: new Date(`${reply.created_time.slice(0, 19)}Z`),
          externalId: reply.id,
        },
      },
      {
        externalId: 'story-2',
        reviewerName: 'A Facebook user',
        rating: null,
        recommendation: 'positive',
        comment: '',
        publishedAt: new Date('2025-03-01T08:00:00Z'),
        updatedAt: new Date('2025-03-01T08:00:00Z'),
        reply: null,
      },
    ]);
    expect(calls).toEqual([['facebook-page', true]]);
  });

  it('follows the after cursor only while Graph gives a next page', async () => {
    peer.addGeneratedReviews(FB_PEER_PAGE_ID, 10_000);
    peer.addGeneratedReviews('other-page', 3);
    const provider = adapter();
    const seen: string[] = [];
    let token: string | null = null;
    for (let i = 0; i < 4; i++) {
      const page = await provider.listReviews(ACCESS, { pageToken: token, pageSize: 100 });
      seen.push(...page.reviews.map((r) => r.externalId));
      token = page.nextPageToken;
    }
    expect(new Set(seen).size).toBe(400);
    expect(seen).toEqual(
      peer
        .reviews(FB_PEER_PAGE_ID)
        .slice(0, 400)
        .map((r) => r.open_graph_story.id),
    );
    expect(peer.requests[1]?.query.get('after')).toBeTruthy();

    const small = await provider.listReviews(
      { ...ACCESS, externalAccount: 'other-page' },
      { pageToken: null, pageSize: 100 },
    );
    expect(small.reviews).toHaveLength(3);
    // The last page still carries cursors, but no `next`: that is the end.
    expect(small.nextPageToken).toBeNull();
  });

  it('maps an expired token (code 190) to auth, without the token in the message', async () => {
    const error = await failureOf(
      adapter().listReviews(
        { ...ACCESS, accessToken: FB_PEER_EXPIRED_TOKEN },
        { pageToken: null, pageSize: 5 },
      ),
    );
    expect(error.code).toBe('auth');
    expect(error.message).toBe(
      'Facebook refused the request (HTTP 400, code 190: Error validating access token: Session has expired.).',
    );
    expect(JSON.stringify({ m: error.message, error })).not.toContain(FB_PEER_EXPIRED_TOKEN);
  });

  it('maps a missing permission to permission with the message “Access is denied”', async () => {
    const error = await failureOf(
      adapter().listReviews(
        { ...ACCESS, accessToken: FB_PEER_NO_PERMISSION_TOKEN },
        { pageToken: null, pageSize: 5 },
      ),
    );
    expect(error.code).toBe('permission');
    expect(error.message).toBe('Access is denied');
    expect(error.needsAttention).toBe(true);
  });

  it('maps 429 with Retry-After to rate_limited and 503 to unavailable, one request each', async () => {
    peer.failNext(1, 429, '1');
    const limited = await failureOf(
      adapter().listReviews(ACCESS, { pageToken: null, pageSize: 5 }),
    );
    expect(limited.code).toBe('rate_limited');
    expect(limited.retryAfterMs).toBe(1_000);
    peer.failNext(1, 503);
    const down = await failureOf(adapter().listReviews(ACCESS, { pageToken: null, pageSize: 5 }));
    expect(down.code).toBe('unavailable');
    expect(peer.requests).toHaveLength(2);
    expect(calls).toEqual([
      ['facebook-page', false],
      ['facebook-page', false],
    ]);
  });

  it('reads Graph’s error codes over its HTTP status', async () => {
    const cases: [number, object, string][] = [
      [401, {}, 'auth'],
      [403, {}, 'permission'],
      [400, { code: 200, message: '(#200) Permissions error' }, 'permission'],
      [400, { code: 17, message: 'User request limit reached' }, 'rate_limited'],
      [400, { code: 613, message: 'Calls within one hour' }, 'rate_limited'],
      [500, { code: 2, message: 'Service temporarily unavailable' }, 'unavailable'],
      [400, { code: 1, message: 'An unknown error occurred' }, 'unavailable'],
      [400, { code: 100, error_subcode: 33, message: 'Object does not exist' }, 'not_found'],
      [400, { code: 100, message: 'Invalid parameter' }, 'invalid'],
    ];
    for (const [status, error, code] of cases) {
      const stub = (async () =>
        new Response(
          JSON.stringify({ error: { type: 'OAuthException', fbtrace_id: 'x', ...error } }),
          {
            status,
          },
        )) as typeof fetch;
      const failure = await failureOf(
        adapter(stub).listReviews(ACCESS, { pageToken: null, pageSize: 5 }),
      );
      expect([status, error, failure.code]).toEqual([status, error, code]);
      if (code === 'permission') expect(failure.message).toBe('Access is denied');
    }
  });

  it('replies as a comment on the story, edits it by its id, and deletes it', async () => {
    peer.addReview(FB_PEER_PAGE_ID, { open_graph_story: { id: 'story-9' } });
    const provider = adapter();
    const created = await provider.putReply(
      ACCESS,
      { externalId: 'story-9', replyExternalId: null },
      'Thanks so much!',
    );
    expect(created.text).toBe('Thanks so much!');
    expect(created.externalId).toMatch(/^story-9_\d+$/);
    const commentId = created.externalId ?? '';
    const edited = await provider.putReply(
      ACCESS,
      { externalId: 'story-9', replyExternalId: commentId },
      'Thanks again!',
    );
    expect(edited.externalId).toBe(commentId);
    await provider.deleteReply(ACCESS, { externalId: 'story-9', replyExternalId: commentId });

    expect(peer.requests.map((r) => [r.method, r.path, r.body, r.headers.authorization])).toEqual([
      [
        'POST',
        '/v19.0/story-9/comments',
        { message: 'Thanks so much!' },
        `Bearer ${FB_PEER_TOKEN}`,
      ],
      ['POST', `/v19.0/${commentId}`, { message: 'Thanks again!' }, `Bearer ${FB_PEER_TOKEN}`],
      ['DELETE', `/v19.0/${commentId}`, {}, `Bearer ${FB_PEER_TOKEN}`],
    ]);
    expect(peer.replyWrites).toEqual([
      { kind: 'create', targetId: 'story-9', message: 'Thanks so much!' },
      { kind: 'edit', targetId: commentId, message: 'Thanks again!' },
      { kind: 'delete', targetId: commentId, message: null },
    ]);
    expect(calls.map(([, ok]) => ok)).toEqual([true, true, true]);

    const without = await failureOf(
      provider.deleteReply(ACCESS, { externalId: 'story-9', replyExternalId: null }),
    );
    expect(without.code).toBe('not_found');
    expect(peer.requests).toHaveLength(3);
  });

  it('refuses a write to a permission-less token with “Access is denied”', async () => {
    peer.addReview(FB_PEER_PAGE_ID, { open_graph_story: { id: 'story-3' } });
    const error = await failureOf(
      adapter().putReply(
        { ...ACCESS, accessToken: FB_PEER_NO_PERMISSION_TOKEN },
        { externalId: 'story-3', replyExternalId: null },
        'Hello',
      ),
    );
    expect(error.message).toBe('Access is denied');
    expect(peer.replyWrites).toEqual([]);
  });

  it('lets a browser test add a recommendation over HTTP', async () => {
    const response = await fetch(`${peer.base}/__peer/reviews`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account: FB_PEER_PAGE_ID,
        reviewerName: 'Ana Ruiz',
        recommendation: 'negative',
        comment: 'Rude on the phone.',
      }),
    });
    expect(response.status).toBe(201);
    const page = await adapter().listReviews(ACCESS, { pageToken: null, pageSize: 5 });
    expect(page.reviews[0]).toMatchObject({
      reviewerName: 'Ana Ruiz',
      recommendation: 'negative',
      comment: 'Rude on the phone.',
    });
  });
});
