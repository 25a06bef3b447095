import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './peer-http';

/** The token the peer accepts, one it calls expired (401), one without the scope (403). */
export const GBP_PEER_TOKEN = 'gbp-peer-token-7d2a91';
export const GBP_PEER_EXPIRED_TOKEN = 'gbp-peer-expired-5b1c07';
export const GBP_PEER_FORBIDDEN_TOKEN = 'gbp-peer-forbidden-3e9f44';
export const GBP_PEER_ACCOUNT = 'accounts/1001/locations/2002';

const STAR_WORDS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;

/** A review in My Business API v4's documented shape. */
export interface GbpPeerReview {
  name: string;
  reviewId: string;
  reviewer: { displayName?: string; profilePhotoUrl?: string; isAnonymous?: boolean };
  starRating: string;
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string };
}

/** What a test (or the control endpoint) gives to add a review; the rest is filled in. */
export type GbpPeerReviewInput = Partial<Omit<GbpPeerReview, 'starRating'>> & {
  reviewerName?: string;
  /** 'FIVE' or 5. */
  starRating?: string | number;
};

export interface GbpPeerRequest {
  method: string;
  /** As sent, query included. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A reply write the peer carried out, so a test can check it happened exactly once. */
export interface GbpPeerReplyWrite {
  method: 'PUT' | 'DELETE';
  account: string;
  reviewId: string;
  comment: string | null;
}

export interface RunningGoogleBusinessPeer {
  base: string;
  port: number;
  requests: GbpPeerRequest[];
  replyWrites: GbpPeerReplyWrite[];
  /** Every answer waits this long (a timeout test sets it past the adapter's timeout). */
  delayMs: number;
  addReview(account: string, input?: GbpPeerReviewInput): GbpPeerReview;
  /** `count` reviews an hour apart, the newest at `newest` (default now); fast for 10,000. */
  addGeneratedReviews(account: string, count: number, newest?: Date): void;
  /** The account's reviews, newest change first. */
  reviews(account: string): GbpPeerReview[];
  /** The next `count` API requests are answered with this status (429 or 503). */
  failNext(count: number, status: 429 | 503, retryAfter?: string): void;
  reset(): void;
  close(): Promise<void>;
}

const ERRORS: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: {
    status: 'UNAUTHENTICATED',
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  },
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: {
    status: 'RESOURCE_EXHAUSTED',
    message: "Quota exceeded for quota metric 'Requests' of service 'mybusiness.googleapis.com'.",
  },
  503: { status: 'UNAVAILABLE', message: 'The service is currently unavailable.' },
};

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, code: number, headers = {}) {
  const known = ERRORS[code] ?? { status: 'UNKNOWN', message: 'Unknown error.' };
  send(res, code, { error: { code, ...known } }, headers);
}

function stars(value: string | number | undefined): string {
  if (typeof value === 'number') return STAR_WORDS[value - 1] ?? 'STAR_RATING_UNSPECIFIED';
  return value ?? 'FIVE';
}

/**
 * A local stand-in for the Business Profile reviews API (My Business v4): list with
 * paging newest change first, put and delete a reply, Google's error shape, tokens that
 * are expired or lack the scope, and injected 429/503 answers. `POST /__peer/reviews`
 * (no auth) lets a browser test add a review over HTTP.
 */
export async function startGoogleBusinessPeer(port = 0): Promise<RunningGoogleBusinessPeer> {
  const accounts = new Map<string, { list: GbpPeerReview[]; sorted: boolean }>();
  const failures: { status: 429 | 503; retryAfter?: string }[] = [];
  let serial = 0;

  const bucket = (account: string) => {
    let entry = accounts.get(account);
    if (!entry) {
      entry = { list: [], sorted: true };
      accounts.set(account, entry);
    }
    return entry;
  };
  const sorted = (account: string) => {
    const entry = bucket(account);
    if (!entry.sorted) {
      // ISO strings from toISOString compare as times; the id breaks ties so pages are stable.
      entry.list.sort((a, b) =>
        a.updateTime === b.updateTime
          ? a.reviewId.localeCompare(b.reviewId)
          : a.updateTime < b.updateTime
            ? 1
            : -1,
      );
      entry.sorted = true;
    }
    return entry.list;
  };

  const peer: RunningGoogleBusinessPeer = {
    base: '',
    port: 0,
    requests: [],
    replyWrites: [],
    delayMs: 0,
    addReview(account, input = {}) {
      serial++;
      const at = new Date().toISOString();
      const reviewId = input.reviewId ?? `peer-review-${serial}`;
      const { reviewerName, starRating, ...rest } = input;
      const review: GbpPeerReview = {
        name: `${account}/reviews/${reviewId}`,
        reviewId,
        reviewer: { displayName: reviewerName ?? `Peer Reviewer ${serial}` },
        starRating: stars(starRating),
        comment: `Review number ${serial}.`,
        createTime: input.createTime ?? at,
        updateTime: input.updateTime ?? input.createTime ?? at,
        ...rest,
      };
      const entry = bucket(account);
      entry.list.push(review);
      entry.sorted = false;
      return review;
    },
    addGeneratedReviews(account, count, newest = new Date()) {
      const entry = bucket(account);
      const start = newest.getTime();
      for (let i = 0; i < count; i++) {
        serial++;
        const at = new Date(start - i * 3_600_000).toISOString();
        entry.list.push({
          name: `${account}/reviews/gen-${serial}`,
          reviewId: `gen-${serial}`,
          reviewer: { displayName: `Generated Reviewer ${serial}` },
          starRating: STAR_WORDS[serial % 5] ?? 'FIVE',
          comment: serial % 7 === 0 ? undefined : `Generated review ${serial}.`,
          createTime: at,
          updateTime: at,
        });
      }
      entry.sorted = false;
    },
    reviews: (account) => [...sorted(account)],
    failNext(count, status, retryAfter) {
      for (let i = 0; i < count; i++) failures.push({ status, retryAfter });
    },
    reset() {
      accounts.clear();
      failures.length = 0;
      peer.requests.length = 0;
      peer.replyWrites.length = 0;
      peer.delayMs = 0;
    },
    close: () => closeServer(server),
  };

  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://peer');
    const method = req.method ?? '';

    if (url.pathname === '/__peer/reviews' && method === 'POST') {
      const input = (body ?? {}) as GbpPeerReviewInput & { account?: string };
      const { account = GBP_PEER_ACCOUNT, ...review } = input;
      return send(res, 201, peer.addReview(account, review));
    }

    peer.requests.push({
      method,
      url: req.url ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
    });
    if (peer.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, peer.delayMs));

    const failure = failures.shift();
    if (failure) {
      return sendError(
        res,
        failure.status,
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
    }
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    if (token === GBP_PEER_FORBIDDEN_TOKEN) return sendError(res, 403);
    if (token !== GBP_PEER_TOKEN) return sendError(res, 401);

    const match = /^\/v4\/(accounts\/[^/]+\/locations\/[^/]+)\/reviews(?:\/([^/]+)\/reply)?$/.exec(
      url.pathname,
    );
    if (!match?.[1]) return sendError(res, 404);
    const account = decodeURIComponent(match[1]);
    const reviewId = match[2] ? decodeURIComponent(match[2]) : null;

    if (!reviewId && method === 'GET') {
      const all = sorted(account);
      const pageSize = Math.min(50, Number(url.searchParams.get('pageSize') ?? 50) || 50);
      const token = url.searchParams.get('pageToken');
      const offset = token ? Number(Buffer.from(token, 'base64url').toString().slice(2)) : 0;
      if (!Number.isInteger(offset) || offset < 0) return sendError(res, 400);
      const slice = all.slice(offset, offset + pageSize);
      const next = offset + pageSize < all.length;
      const rated = all.map((r) => STAR_WORDS.indexOf(r.starRating as 'ONE') + 1).filter(Boolean);
      return send(res, 200, {
        ...(slice.length > 0 ? { reviews: slice } : {}),
        ...(rated.length > 0
          ? { averageRating: rated.reduce((a, b) => a + b, 0) / rated.length }
          : {}),
        totalReviewCount: all.length,
        ...(next
          ? { nextPageToken: Buffer.from(`o:${offset + pageSize}`).toString('base64url') }
          : {}),
      });
    }
    const review = reviewId ? sorted(account).find((r) => r.reviewId === reviewId) : undefined;
    if (!review || !reviewId) return sendError(res, 404);
    if (method === 'PUT') {
      const comment = (body as { comment?: unknown } | null)?.comment;
      if (typeof comment !== 'string' || !comment.trim()) return sendError(res, 400);
      review.reviewReply = { comment, updateTime: new Date().toISOString() };
      peer.replyWrites.push({ method: 'PUT', account, reviewId, comment });
      return send(res, 200, review.reviewReply);
    }
    if (method === 'DELETE') {
      if (!review.reviewReply) return sendError(res, 404);
      delete review.reviewReply;
      peer.replyWrites.push({ method: 'DELETE', account, reviewId, comment: null });
      return send(res, 200, {});
    }
    return sendError(res, 404);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  peer.port = (server.address() as AddressInfo).port;
  peer.base = `http://127.0.0.1:${peer.port}`;
  return peer;
}
