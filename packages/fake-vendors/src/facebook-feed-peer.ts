import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { graphTime } from './facebook-graph-peer';
import { closeServer, readBody } from './peer-http';

/** The page token the peer accepts, one it calls expired, one without the permission. */
export const FB_FEED_PEER_TOKEN = 'fb-feed-peer-token-EAAF31';
export const FB_FEED_PEER_EXPIRED_TOKEN = 'fb-feed-peer-expired-EAAF52';
export const FB_FEED_PEER_NO_PERMISSION_TOKEN = 'fb-feed-peer-noperm-EAAF77';
export const FB_FEED_PEER_PAGE_ID = '204938271651';

/** A page post in the Graph API's documented shape (`/{page-id}/feed`). */
export interface FbPeerPost {
  id: string;
  message?: string;
  created_time: string;
  updated_time: string;
  full_picture?: string;
  permalink_url: string;
  is_published: boolean;
}

export interface FbFeedPeerRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A create or delete the peer carried out, so a test can check it happened exactly once. */
export interface FbFeedPeerWrite {
  kind: 'feed' | 'photo' | 'delete';
  pageId: string;
  postId: string;
  body: Record<string, unknown>;
}

export interface RunningFacebookFeedPeer {
  base: string;
  port: number;
  requests: FbFeedPeerRequest[];
  writes: FbFeedPeerWrite[];
  delayMs: number;
  addPost(pageId: string, input?: Partial<FbPeerPost>): FbPeerPost;
  /** `count` posts a day apart, the newest at `newest` (default now). */
  addGeneratedPosts(pageId: string, count: number, newest?: Date): void;
  setInsights(postId: string, impressions: number, clicks: number): void;
  posts(pageId: string): FbPeerPost[];
  failNext(count: number, status: 429 | 503, retryAfter?: string): void;
  reset(): void;
  close(): Promise<void>;
}

const OAUTH = 'OAuthException';
/** [HTTP status, Graph code, subcode (0: none), type, message], as Graph answers them. */
const ERRORS = {
  expired: [400, 190, 463, OAUTH, 'Error validating access token: Session has expired.'],
  invalidToken: [400, 190, 0, OAUTH, 'Invalid OAuth access token data.'],
  permission: [403, 200, 0, OAUTH, '(#200) Requires the pages_manage_posts permission.'],
  rateLimit: [429, 32, 0, OAUTH, '(#32) Page request limit reached'],
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
  send(res, status, { error: { message, type, code, ...detail, fbtrace_id: 'AbFeed' } }, headers);
}

/**
 * A local stand-in for the Graph API's page feed: `GET /{v}/{page}/feed` with cursor paging
 * and the `insights.metric(...)` field expansion, `POST /{v}/{page}/feed` (message, link),
 * `POST /{v}/{page}/photos` (url, caption), `DELETE /{v}/{post}`, Graph's error shape, and
 * injected 429/503 answers. `POST /__peer/feed` (no auth) adds a post over HTTP.
 */
export async function startFacebookFeedPeer(port = 0): Promise<RunningFacebookFeedPeer> {
  const pages = new Map<string, FbPeerPost[]>();
  const insights = new Map<string, { impressions: number; clicks: number }>();
  const failures: { status: 429 | 503; retryAfter?: string }[] = [];
  let serial = 0;

  const list = (pageId: string) => {
    let posts = pages.get(pageId);
    if (!posts) {
      posts = [];
      pages.set(pageId, posts);
    }
    return posts;
  };
  const sorted = (pageId: string) =>
    [...list(pageId)].sort((a, b) =>
      a.updated_time === b.updated_time
        ? a.id.localeCompare(b.id)
        : a.updated_time < b.updated_time
          ? 1
          : -1,
    );

  const peer: RunningFacebookFeedPeer = {
    base: '',
    port: 0,
    requests: [],
    writes: [],
    delayMs: 0,
    addPost(pageId, input = {}) {
      serial++;
      const at = graphTime(new Date());
      const id = input.id ?? `${pageId}_${String(9_000_000 + serial)}`;
      const post: FbPeerPost = {
        id,
        message: `Peer page post ${serial}.`,
        created_time: at,
        updated_time: input.updated_time ?? input.created_time ?? at,
        permalink_url: `https://www.facebook.com/${id}`,
        is_published: true,
        ...input,
      };
      list(pageId).push(post);
      return post;
    },
    addGeneratedPosts(pageId, count, newest = new Date()) {
      const posts = list(pageId);
      for (let i = 0; i < count; i++) {
        serial++;
        const at = graphTime(new Date(newest.getTime() - i * 86_400_000));
        const id = `${pageId}_${String(8_000_000 + serial)}`;
        posts.push({
          id,
          message: `Generated page post ${serial}.`,
          created_time: at,
          updated_time: at,
          permalink_url: `https://www.facebook.com/${id}`,
          is_published: true,
        });
        insights.set(id, { impressions: 200 + serial, clicks: serial % 7 });
      }
    },
    setInsights(postId, impressions, clicks) {
      insights.set(postId, { impressions, clicks });
    },
    posts: (pageId) => sorted(pageId),
    failNext(count, status, retryAfter) {
      for (let i = 0; i < count; i++) failures.push({ status, retryAfter });
    },
    reset() {
      pages.clear();
      insights.clear();
      failures.length = 0;
      peer.requests.length = 0;
      peer.writes.length = 0;
      peer.delayMs = 0;
    },
    close: () => closeServer(server),
  };

  /** A post as the feed answers it, with only the fields asked for. */
  function shown(post: FbPeerPost, fields: string[]) {
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      if (field.startsWith('insights')) {
        const found = insights.get(post.id) ?? { impressions: 0, clicks: 0 };
        out.insights = {
          data: [
            {
              name: 'post_impressions',
              period: 'lifetime',
              values: [{ value: found.impressions }],
            },
            { name: 'post_clicks', period: 'lifetime', values: [{ value: found.clicks }] },
          ],
        };
      } else if (field in post) {
        out[field] = post[field as keyof FbPeerPost];
      }
    }
    return out;
  }

  const server = http.createServer(async (req, res) => {
    const raw = await readBody(req);
    // Graph also takes form posts.
    const body: Record<string, unknown> =
      typeof raw === 'string'
        ? Object.fromEntries(new URLSearchParams(raw))
        : ((raw as Record<string, unknown> | null) ?? {});
    const url = new URL(req.url ?? '/', 'http://peer');
    const method = req.method ?? '';

    if (url.pathname === '/__peer/feed' && method === 'POST') {
      const { account = FB_FEED_PEER_PAGE_ID, ...input } = body as Partial<FbPeerPost> & {
        account?: string;
      };
      return send(res, 201, peer.addPost(account, input));
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
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    if (token === FB_FEED_PEER_EXPIRED_TOKEN) return sendError(res, 'expired');
    if (token === FB_FEED_PEER_NO_PERMISSION_TOKEN) return sendError(res, 'permission');
    if (token !== FB_FEED_PEER_TOKEN) return sendError(res, 'invalidToken');

    const [, version, id, edge, extra] = url.pathname.split('/').map(decodeURIComponent);
    if (!version || !/^v\d+\.\d+$/.test(version) || !id || extra) return sendError(res, 'invalid');

    if (method === 'GET' && edge === 'feed') {
      const all = sorted(id);
      const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 25) || 25);
      const after = url.searchParams.get('after');
      const offset = after ? Number(Buffer.from(after, 'base64url').toString().slice(2)) : 0;
      if (!Number.isInteger(offset) || offset < 0) return sendError(res, 'invalid');
      // Field expansion carries commas inside parentheses: split only at the top level.
      const fields = (url.searchParams.get('fields') ?? 'id,message,created_time').split(
        /,(?![^(]*\))/,
      );
      const data = all.slice(offset, offset + limit).map((p) => shown(p, fields));
      const cursor = (n: number) => Buffer.from(`o:${n}`).toString('base64url');
      const next = new URL(url.href.replace('http://peer', peer.base));
      next.searchParams.set('after', cursor(offset + data.length));
      return send(res, 200, {
        data,
        ...(data.length > 0
          ? {
              paging: {
                cursors: { before: cursor(offset), after: cursor(offset + data.length) },
                ...(offset + limit < all.length ? { next: next.href } : {}),
              },
            }
          : {}),
      });
    }
    if (method === 'POST' && (edge === 'feed' || edge === 'photos')) {
      const text = String(edge === 'photos' ? (body.caption ?? '') : (body.message ?? ''));
      if (!text.trim() && edge === 'feed') return sendError(res, 'invalid');
      if (edge === 'photos' && typeof body.url !== 'string') return sendError(res, 'invalid');
      const post = peer.addPost(id, {
        message: text,
        ...(edge === 'photos' && {
          full_picture: `https://scontent.xx.fbcdn.net/peer-${serial}.jpg`,
        }),
      });
      peer.writes.push({
        kind: edge === 'feed' ? 'feed' : 'photo',
        pageId: id,
        postId: post.id,
        body,
      });
      return send(
        res,
        200,
        edge === 'photos' ? { id: `photo${serial}`, post_id: post.id } : { id: post.id },
      );
    }
    if (method === 'DELETE' && !edge) {
      const pageId = id.split('_')[0] ?? '';
      const posts = list(pageId);
      const index = posts.findIndex((p) => p.id === id);
      if (index === -1) return sendError(res, 'missing');
      posts.splice(index, 1);
      peer.writes.push({ kind: 'delete', pageId, postId: id, body });
      return send(res, 200, { success: true });
    }
    return sendError(res, 'invalid');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  peer.port = (server.address() as AddressInfo).port;
  peer.base = `http://127.0.0.1:${peer.port}`;
  return peer;
}
