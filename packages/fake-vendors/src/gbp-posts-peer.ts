import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './peer-http';

/** The token the peer accepts, one it calls expired (401), one without the scope (403). */
export const GBP_POSTS_PEER_TOKEN = 'gbp-posts-peer-token-41c8';
export const GBP_POSTS_PEER_EXPIRED_TOKEN = 'gbp-posts-peer-expired-9a02';
export const GBP_POSTS_PEER_FORBIDDEN_TOKEN = 'gbp-posts-peer-forbidden-6d17';
export const GBP_POSTS_PEER_ACCOUNT = 'accounts/3001/locations/4002';

type CivilDate = { year: number; month: number; day: number };
type CivilTime = { hours?: number; minutes?: number };

/** A local post in My Business API v4's documented shape. */
export interface GbpPeerLocalPost {
  name: string;
  languageCode: string;
  summary: string;
  callToAction?: { actionType: string; url?: string };
  createTime: string;
  updateTime: string;
  event?: {
    title: string;
    schedule: {
      startDate: CivilDate;
      startTime?: CivilTime;
      endDate: CivilDate;
      endTime?: CivilTime;
    };
  };
  state: 'LIVE' | 'REJECTED' | 'PROCESSING';
  media?: { mediaFormat: string; googleUrl?: string; sourceUrl?: string }[];
  searchUrl: string;
  topicType: 'STANDARD' | 'EVENT' | 'OFFER';
  offer?: { couponCode?: string; redeemOnlineUrl?: string; termsConditions?: string };
}

export interface GbpPostsPeerRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** A create or delete the peer carried out, so a test can check it happened exactly once. */
export interface GbpPostsPeerWrite {
  method: 'POST' | 'DELETE';
  account: string;
  name: string;
  body: Record<string, unknown> | null;
}

export interface RunningGbpPostsPeer {
  base: string;
  port: number;
  requests: GbpPostsPeerRequest[];
  writes: GbpPostsPeerWrite[];
  delayMs: number;
  /** The state a created post gets (LIVE unless a test wants a rejection). */
  createState: GbpPeerLocalPost['state'];
  addPost(account: string, input?: Partial<GbpPeerLocalPost>): GbpPeerLocalPost;
  /** `count` posts a day apart, the newest at `newest` (default now). */
  addGeneratedPosts(account: string, count: number, newest?: Date): void;
  /** Insights the peer reports for a post (views, call-to-action clicks). */
  setInsights(name: string, views: number, clicks: number): void;
  posts(account: string): GbpPeerLocalPost[];
  /** The next `count` API requests are answered with this status. */
  failNext(count: number, status: 400 | 429 | 503, retryAfter?: string): void;
  reset(): void;
  close(): Promise<void>;
}

const ERRORS: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: {
    status: 'UNAUTHENTICATED',
    message: 'Request had invalid authentication credentials.',
  },
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: "Quota exceeded for quota metric 'Requests'." },
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

const searchUrlOf = (name: string) =>
  `https://local.google.com/place?id=peer&use=posts&lpsid=${encodeURIComponent(name.split('/').pop() ?? '')}`;

/**
 * A local stand-in for the Business Profile local posts API (My Business v4): list with
 * paging newest change first, `localPosts:reportInsights`, create and delete, Google's error
 * shape, expired and forbidden tokens, and injected failures. `POST /__peer/local-posts`
 * (no auth) lets a browser test add a post over HTTP.
 */
export async function startGbpPostsPeer(port = 0): Promise<RunningGbpPostsPeer> {
  const accounts = new Map<string, GbpPeerLocalPost[]>();
  const insights = new Map<string, { views: number; clicks: number }>();
  const failures: { status: number; retryAfter?: string }[] = [];
  let serial = 0;

  const list = (account: string) => {
    let posts = accounts.get(account);
    if (!posts) {
      posts = [];
      accounts.set(account, posts);
    }
    return posts;
  };
  // ISO strings compare as times; the name breaks ties so pages are stable.
  const sorted = (account: string) =>
    [...list(account)].sort((a, b) =>
      a.updateTime === b.updateTime
        ? a.name.localeCompare(b.name)
        : a.updateTime < b.updateTime
          ? 1
          : -1,
    );

  const peer: RunningGbpPostsPeer = {
    base: '',
    port: 0,
    requests: [],
    writes: [],
    delayMs: 0,
    createState: 'LIVE',
    addPost(account, input = {}) {
      serial++;
      const at = new Date().toISOString();
      const name = input.name ?? `${account}/localPosts/peer-${serial}`;
      const post: GbpPeerLocalPost = {
        name,
        languageCode: 'en-US',
        summary: `Peer post number ${serial}.`,
        createTime: at,
        updateTime: input.updateTime ?? input.createTime ?? at,
        state: 'LIVE',
        searchUrl: searchUrlOf(name),
        topicType: 'STANDARD',
        ...input,
      };
      list(account).push(post);
      return post;
    },
    addGeneratedPosts(account, count, newest = new Date()) {
      const posts = list(account);
      for (let i = 0; i < count; i++) {
        serial++;
        const at = new Date(newest.getTime() - i * 86_400_000).toISOString();
        const name = `${account}/localPosts/gen-${serial}`;
        posts.push({
          name,
          languageCode: 'en-US',
          summary: `Generated post ${serial}.`,
          ...(serial % 3 === 0
            ? { callToAction: { actionType: 'LEARN_MORE', url: 'https://example.com/more' } }
            : {}),
          createTime: at,
          updateTime: at,
          state: 'LIVE',
          searchUrl: searchUrlOf(name),
          topicType: 'STANDARD',
        });
        insights.set(name, { views: 100 + serial, clicks: serial % 10 });
      }
    },
    setInsights(name, views, clicks) {
      insights.set(name, { views, clicks });
    },
    posts: (account) => sorted(account),
    failNext(count, status, retryAfter) {
      for (let i = 0; i < count; i++) failures.push({ status, retryAfter });
    },
    reset() {
      accounts.clear();
      insights.clear();
      failures.length = 0;
      peer.requests.length = 0;
      peer.writes.length = 0;
      peer.delayMs = 0;
      peer.createState = 'LIVE';
    },
    close: () => closeServer(server),
  };

  const server = http.createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://peer');
    const method = req.method ?? '';

    if (url.pathname === '/__peer/local-posts' && method === 'POST') {
      const { account = GBP_POSTS_PEER_ACCOUNT, ...input } = (body ?? {}) as Partial<
        GbpPeerLocalPost & { account: string }
      >;
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
      return sendError(
        res,
        failure.status,
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
    }
    const token = req.headers.authorization?.replace(/^Bearer /, '');
    if (token === GBP_POSTS_PEER_FORBIDDEN_TOKEN) return sendError(res, 403);
    if (token !== GBP_POSTS_PEER_TOKEN) return sendError(res, 401);

    const match =
      /^\/v4\/(accounts\/[^/]+\/locations\/[^/:]+)\/localPosts(:reportInsights|\/[^/]+)?$/.exec(
        url.pathname,
      );
    if (!match?.[1]) return sendError(res, 404);
    const account = decodeURIComponent(match[1]);
    const rest = match[2] ?? '';

    if (rest === '' && method === 'GET') {
      const all = sorted(account);
      const pageSize = Math.min(100, Number(url.searchParams.get('pageSize') ?? 100) || 100);
      const pageToken = url.searchParams.get('pageToken');
      const offset = pageToken
        ? Number(Buffer.from(pageToken, 'base64url').toString().slice(2))
        : 0;
      if (!Number.isInteger(offset) || offset < 0) return sendError(res, 400);
      const slice = all.slice(offset, offset + pageSize);
      return send(res, 200, {
        ...(slice.length > 0 ? { localPosts: slice } : {}),
        ...(offset + pageSize < all.length
          ? { nextPageToken: Buffer.from(`o:${offset + pageSize}`).toString('base64url') }
          : {}),
      });
    }
    if (rest === ':reportInsights' && method === 'POST') {
      const names = (body as { localPostNames?: unknown } | null)?.localPostNames;
      if (!Array.isArray(names) || names.length === 0) return sendError(res, 400);
      return send(res, 200, {
        name: account,
        localPostMetrics: names.map((name) => {
          const found = insights.get(String(name)) ?? { views: 0, clicks: 0 };
          return {
            localPostName: name,
            metricValues: [
              { metric: 'LOCAL_POST_VIEWS_SEARCH', totalValue: { value: String(found.views) } },
              {
                metric: 'LOCAL_POST_ACTIONS_CALL_TO_ACTION',
                totalValue: { value: String(found.clicks) },
              },
            ],
          };
        }),
      });
    }
    if (rest === '' && method === 'POST') {
      const input = (body ?? {}) as Partial<GbpPeerLocalPost>;
      if (typeof input.summary !== 'string' || !input.summary.trim()) return sendError(res, 400);
      if (input.summary.length > 1500) return sendError(res, 400);
      const created = peer.addPost(account, {
        summary: input.summary,
        topicType: input.topicType ?? 'STANDARD',
        ...(input.callToAction && { callToAction: input.callToAction }),
        ...(input.event && { event: input.event }),
        ...(input.offer && { offer: input.offer }),
        ...(input.media && {
          media: input.media.map((m) => ({
            ...m,
            googleUrl: `https://lh3.googleusercontent.com/peer-${serial}`,
          })),
        }),
        state: peer.createState,
      });
      peer.writes.push({ method: 'POST', account, name: created.name, body: input });
      return send(res, 200, created);
    }
    if (rest.startsWith('/') && method === 'DELETE') {
      const name = `${account}/localPosts/${decodeURIComponent(rest.slice(1))}`;
      const posts = list(account);
      const index = posts.findIndex((p) => p.name === name);
      if (index === -1) return sendError(res, 404);
      posts.splice(index, 1);
      peer.writes.push({ method: 'DELETE', account, name, body: null });
      return send(res, 200, {});
    }
    return sendError(res, 404);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  peer.port = (server.address() as AddressInfo).port;
  peer.base = `http://127.0.0.1:${peer.port}`;
  return peer;
}
