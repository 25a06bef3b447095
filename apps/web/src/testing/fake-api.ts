import type { ErrorBody, ErrorCode, GatewayRequest } from '@pinpoint/contracts';
import { vi } from 'vitest';

/** What a fake route is given: the inner request the gateway carried. */
export interface FakeRequest {
  method: string;
  /** The inner path without its query, e.g. `/api/leads/7`. */
  path: string;
  /** The values of the pattern's `:name` segments. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The inner request's body, without the `origin` the client adds to every call. */
  data: Record<string, unknown>;
}

/** A route's answer: a body (status 200), or `reply(status, body)` for any other status. */
export type FakeAnswer = unknown;
export type FakeRoute = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

const REPLY = Symbol('reply');
interface Reply {
  [REPLY]: true;
  status: number;
  body: unknown;
}

/** An answer with its own status: `reply(201, created)`, `reply(204)`. */
export function reply(status: number, body: unknown = null): Reply {
  return { [REPLY]: true, status, body };
}

/** An error answer in the server's one envelope (packages/contracts errors.ts). */
export function replyError(status: number, code: ErrorCode, message: string): Reply {
  const body: ErrorBody = { error: { code, message } };
  return reply(status, body);
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && REPLY in value;
}

/** `GET /api/leads/:companyId` → a matcher of the method and the path's segments. */
function compile(key: string) {
  const [method, pattern] = key.split(' ');
  if (!method || !pattern) throw new Error(`a fake route is "METHOD /path", not "${key}"`);
  const parts = pattern.split('/');
  return (request: { method: string; path: string }) => {
    if (request.method !== method) return null;
    const segments = request.path.split('/');
    if (segments.length !== parts.length) return null;
    const params: Record<string, string> = {};
    for (const [i, part] of parts.entries()) {
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segment);
      else if (part !== segment) return null;
    }
    return params;
  };
}

/**
 * A fake of the one gateway (SPEC §7) for component tests: `fetch` is replaced, and every
 * `POST /database/request` is answered by the route that matches its inner method and path.
 * A call no route answers gets a 501 envelope naming it and is kept in `unanswered`, so a
 * test that forgot a route fails on what the screen shows rather than hanging. Calls are
 * kept in order in `calls`, for tests that check what the screen sent.
 */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const table = Object.entries(routes).map(([key, route]) => ({ match: compile(key), route }));
  const calls: FakeRequest[] = [];
  const unanswered: string[] = [];

  const answer = async (inner: { method: string; url: string; data: Record<string, unknown> }) => {
    const url = new URL(inner.url, 'http://pinpoint.test');
    const { origin: _origin, ...data } = inner.data;
    const request = { method: inner.method, path: url.pathname, query: url.searchParams, data };
    for (const { match, route } of table) {
      const params = match(request);
      if (!params) continue;
      const full = { ...request, params };
      calls.push(full);
      const result = await route(full);
      const { status, body } = isReply(result) ? result : { status: 200, body: result };
      return new Response(status === 204 ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }
    unanswered.push(`${inner.method} ${inner.url}`);
    const body: ErrorBody = {
      error: { code: 'INTERNAL', message: `no fake route for ${inner.method} ${url.pathname}` },
    };
    return new Response(JSON.stringify(body), { status: 501 });
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const target = String(input instanceof Request ? input.url : input);
      if (target.endsWith('/database/request')) {
        const inner = JSON.parse(String(init?.body ?? '{}')) as GatewayRequest;
        return answer({ method: inner.method, url: inner.url, data: inner.data ?? {} });
      }
      // A direct call (downloads, audio): the same table, by the request's own method.
      return answer({ method: init?.method ?? 'GET', url: target, data: {} });
    }),
  );
  return { calls, unanswered };
}
