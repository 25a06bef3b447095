import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './peer-http';

/** The page token the peer accepts, one it calls expired, one without the permission. */
export const FB_PEER_TOKEN = 'fb-peer-token-EAAG7c2';
export const FB_PEER_EXPIRED_TOKEN = 'fb-peer-expired-EAAG91';
export const FB_PEER_NO_PERMISSION_TOKEN = 'fb-peer-noperm-EAAG44';
export const FB_PEER_PAGE_ID = '104938271650';

export interface FbPeerComment {
  id: string;
  message: string;
  created_time: string;
  from: { id: string; name: string };
}

/** A rating in the Graph API's documented shape (`/{page-id}/ratings`). */
export interface FbPeerRating {
  created_time: string;
  recommendation_type: 'positive' | 'negative';
  review_text?: string;
  rating?: number;
  reviewer?: { name: string; id: string };
  open_graph_story: { id: string; comments?: { data: FbPeerComment[] } };
}

export type FbPeerRatingInput = Partial<FbPeerRating> & {
  reviewerName?: string;
  recommendation?: 'positive' | 'negative';
  comment?: string;
};

export interface FbPeerRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A reply write the peer carried out, so a test can check it happened exactly once. */
export interface FbPeerReplyWrite {
  kind: 'create' | 'edit' | 'delete';
  /** The story commented on, or the comment edited or deleted. */
  targetId: string;
  message: string | null;
}

export interface RunningFacebookGraphPeer {
  base: string;
  port: number;
  requests: FbPeerRequest[];
  replyWrites: FbPeerReplyWrite[];
  delayMs: number;
  addReview(pageId: string, input?: FbPeerRatingInput): FbPeerRating;
  /** `count` ratings an hour apart, the newest at `newest` (default now); fast for 10,000. */
  addGeneratedReviews(pageId: string, count: number, newest?: Date): void;
  /** A comment on a rating's story, from the page unless `from` says otherwise. */
  addComment(storyId: string, message: string, from?: { id: string; name: string }): FbPeerComment;
  reviews(pageId: string): FbPeerRating[];
  failNext(count: number, status: 429 | 503, retryAfter?: string): void;
  reset(): void;
  close(): Promise<void>;
}

/** Graph writes times as `2024-01-02T03:04:05+0000`. */
export function graphTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+0000');
}

const OAUTH = 'OAuthException';
/** [HTTP status, Graph code, subcode (0: none), type, message], as Graph answers them. */
const ERRORS = {
  expired: [400, 190, 463, OAUTH, 'Error validating access token: Session has expired.'],
  invalidToken: [400, 190, 0, OAUTH, 'Invalid OAuth access token data.'],
  permission: [403, 10, 0, OAUTH, "(#10) Requires the 'pages_read_user_content' permission."],
  rateLimit: [429, 4, 0, OAUTH, '(#4) Application request limit reached'],
  unavailable: [503, 2, 0, OAUTH, 'Service temporarily unavailable'],
  missing: [400, 100, 33, 'GraphMethodException', 'Unsupported request. Object does not exist.'],
  invalid: [400, 100, 0, OAUTH, '(#100) Invalid parameter'],
} as const;

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, which: keyof typeof ERRORS, headers = {}) {
  const [status, code, subcode, type, message] = ERRORS[which];
  const detail = subcode ? { error_subcode: subcode } : {};
  send(res, status, { error: { message, type, code, ...detail, fbtrace_id: 'AbPeer' } }, headers);
}

/**
 * A local stand-in for the Graph API's page ratings and comments: `GET /{v}/{page}/ratings`
 * with cursor paging, `POST /{v}/{story}/comments`, `POST /{v}/{comment}` (edit) and
 * `DELETE /{v}/{comment}`, Graph's error shape (code 190 expired, code 10 permission,
 * code 4 rate limit), and injected 429/503 answers. `POST /__peer/reviews` (no auth)
 * lets a browser test add a rating over HTTP.
 */
export async function startFacebookGraphPeer(port = 0): Promise<RunningFacebookGraphPeer> {
  const pages = new Map<string, { list: FbPeerRating[]; sorted: boolean }>();
  const stories = new Map<string, { pageId: string; rating: FbPeerRating }>();
  const comments = new Map<string, { comment: FbPeerComment; rating: FbPeerRating }>();
  const failures: { status: 429 | 503; retryAfter?: string }[] = [];
  let serial = 0;

  const bucket = (pageId: string) => {
    let entry = pages.get(pageId);
    if (!entry) {
      entry = { list: [], sorted: true };
      pages.set(pageId, entry);
    }
    return entry;
  };
  const sorted = (pageId: string) => {
    const entry = bucket(pageId);
    if (!entry.sorted) {
      entry.list.sort((a, b) =>
        a.created_time < b.created_time ? 1 : a.created_time > b.created_time ? -1 : 0,
      );
      entry.sorted = true;
    }
    return entry.list;
  };
  const insert = (pageId: string, rating: FbPeerRating) => {
    const entry = bucket(pageId);
    entry.list.push(rating);
    entry.sorted = false;
    stories.set(rating.open_graph_story.id, { pageId, rating });
    for (const comment of rating.open_graph_story.comments?.data ?? []) {
      comments.set(comment.id, { comment, rating });
    }
    return rating;
  };
  const comment = (storyId: string, message: string, from: { id: string; name: string }) => {
    const story = stories.get(storyId);
    if (!story) throw new Error(`no story ${storyId}`);
    serial++;
    const created: FbPeerComment = {
      id: `${storyId}_${serial}`,
      message,
      created_time: graphTime(new Date()),
      from,
    };
    story.rating.open_graph_story.comments ??= { data: [] };
    story.rating.open_graph_story.comments.data.push(created);
    comments.set(created.id, { comment: created, rating: story.rating });
    return { created, pageId: story.pageId };
  };

  const peer: RunningFacebookGraphPeer = {
    base: '',
    port: 0,
    requests: [],
    replyWrites: [],
    delayMs: 0,
    addReview(pageId, input = {}) {
      serial++;
      const { reviewerName, recommendation, comment: text, ...rest } = input;
      return insert(pageId, {
        created_time: graphTime(new Date()),
        recommendation_type: recommendation ?? 'positive',
        review_text: text ?? `Recommendation number ${serial}.`,
        reviewer: { name: reviewerName ?? `Peer Fan ${serial}`, id: `90${serial}` },
        open_graph_story: { id: `${pageId}_story${serial}` },
        ...rest,
      });
    },
    addGeneratedReviews(pageId, count, newest = new Date()) {
      const start = newest.getTime();
      for (let i = 0; i < count; i++) {
        serial++;
        insert(pageId, {
          created_time: graphTime(new Date(start - i * 3_600_000)),
          recommendation_type: serial % 9 === 0 ? 'negative' : 'positive',
          review_text: `Generated recommendation ${serial}.`,
          open_graph_story: { id: `${pageId}_gen${serial}` },
        });
      }
    },
    addComment(storyId, message, from) {
      const story = stories.get(storyId);
      return comment(storyId, message, from ?? { id: story?.pageId ?? '', name: 'The Page' })
        .created;
    },
    reviews: (pageId) => [...sorted(pageId)],
    failNext(count, status, retryAfter) {
      for (let i = 0; i < count; i++) failures.push({ status, retryAfter });
    },
    reset() {
      pages.clear();
      stories.clear();
      comments.clear();
      failures.length = 0;
      peer.requests.length = 0;
      peer.replyWrites.length = 0;
      peer.delayMs = 0;
    },
    close: () => closeServer(server),
  };

  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req);
    // Graph also takes form posts.
    const body: Record<string, unknown> =
      typeof raw === 'string'
        ? Object.fromEntries(new URLSearchParams(raw))
        : ((raw as Record<string, unknown> | null) ?? {});
    const url = new URL(req.url ?? '/', 'http://peer');
    const method = req.method ?? '';

    if (url.pathname === '/__peer/reviews' && method === 'POST') {
      const { account = FB_PEER_PAGE_ID, ...input } = body as FbPeerRatingInput & {
        account?: string;
      };
      return send(res, 201, peer.addReview(account, input));
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
      const headers = failure.retryAfter ? { 'retry-after': failure.retryAfter } : {};
      return sendError(res, failure.status === 429 ? 'rateLimit' : 'unavailable', headers);
    }
    const token =
      req.headers.authorization?.replace(/^Bearer /, '') ?? url.searchParams.get('access_token');
    if (token === FB_PEER_EXPIRED_TOKEN) return sendError(res, 'expired');
    if (token === FB_PEER_NO_PERMISSION_TOKEN) return sendError(res, 'permission');
    if (token !== FB_PEER_TOKEN) return sendError(res, 'invalidToken');

    const [, version, id, edge, extra] = url.pathname.split('/').map(decodeURIComponent);
    if (!version || !/^v\d+\.\d+$/.test(version) || !id || extra) return sendError(res, 'invalid');

    if (method === 'GET' && edge === 'ratings') {
      const all = sorted(id);
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 25) || 25);
      const after = url.searchParams.get('after');
      const offset = after ? Number(Buffer.from(after, 'base64url').toString().slice(2)) : 0;
      if (!Number.isInteger(offset) || offset < 0) return sendError(res, 'invalid');
      const data = all.slice(offset, offset + limit);
      const cursor = (n: number) => Buffer.from(`o:${n}`).toString('base64url');
      const more = offset + limit < all.length;
      const next = new URL(url.href.replace('http://peer', peer.base));
      next.searchParams.set('after', cursor(offset + data.length));
      return send(res, 200, {
        data,
        ...(data.length > 0
          ? {
              paging: {
                cursors: { before: cursor(offset), after: cursor(offset + data.length) },
                ...(more ? { next: next.href } : {}),
              },
            }
          : {}),
      });
    }
    const message = typeof body.message === 'string' ? body.message : '';
    if (method === 'POST' && edge === 'comments') {
      const story = stories.get(id);
      if (!story) return sendError(res, 'missing');
      if (!message.trim()) return sendError(res, 'invalid');
      const { created } = comment(id, message, { id: story.pageId, name: 'The Page' });
      peer.replyWrites.push({ kind: 'create', targetId: id, message });
      return send(res, 200, { id: created.id });
    }
    const known = !edge ? comments.get(id) : undefined;
    if (!known) return sendError(res, 'missing');
    if (method === 'POST') {
      if (!message.trim()) return sendError(res, 'invalid');
      known.comment.message = message;
      peer.replyWrites.push({ kind: 'edit', targetId: id, message });
      return send(res, 200, { success: true });
    }
    if (method === 'DELETE') {
      const list = known.rating.open_graph_story.comments?.data ?? [];
      list.splice(list.indexOf(known.comment), 1);
      comments.delete(id);
      peer.replyWrites.push({ kind: 'delete', targetId: id, message: null });
      return send(res, 200, { success: true });
    }
    return sendError(res, 'invalid');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  peer.port = (server.address() as AddressInfo).port;
  peer.base = `http://127.0.0.1:${peer.port}`;
  return peer;
}
