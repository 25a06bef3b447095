import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './peer-http';

export const CTM_PEER_ACCESS_KEY = 'ctm-peer-access-3f1a';
export const CTM_PEER_SECRET_KEY = 'ctm-peer-secret-9b7c';
export const CTM_PEER_ACCOUNT = '48213';

/** A call as CTM's `calls.json` answers it (REST API v1). */
export interface CtmPeerCall {
  id: number;
  name?: string;
  caller_number: string;
  source: string;
  duration: number;
  talk_time: number;
  city: string;
  state: string;
  country: string;
  /** "2026-11-20 02:15 PM -06:00", the account's zone. */
  called_at: string;
  unix_time: number;
  tracking_number: string;
  tracking_label: string;
  business_number: string;
  call_status: string;
  is_new_caller: boolean;
  audio?: string | null;
}
export interface CtmPeerNumber {
  id: string;
  number: string;
  name: string;
  source: string;
}

export interface RunningCtmPeer {
  base: string;
  /** Every request: path with query, the Authorization header, when it arrived. */
  requests: { path: string; authorization: string | undefined; at: number }[];
  addCall(call: CtmPeerCall): void;
  addNumber(number: CtmPeerNumber): void;
  /** A recording at `/recordings/{name}` answered with these bytes and content type. */
  addRecording(name: string, bytes: Buffer, contentType: string): string;
  failNext(count: number, status: 401 | 429 | 503, retryAfter?: string): void;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for CallTrackingMetrics' REST API v1: `GET /api/v1/accounts/{id}/calls.json`
 * (`page`, `per_page`, `start_date`, `end_date`; newest first; `calls`, `page`,
 * `total_entries`, `total_pages`, `per_page`, `next_page`, `previous_page`),
 * `GET /api/v1/accounts/{id}/numbers.json`, HTTP Basic with the access and secret keys,
 * `{ "error": … }` bodies, injected 401s, 429s and outages, and recordings served with
 * whatever content type a test sets.
 */
export async function startCtmPeer(): Promise<RunningCtmPeer> {
  const calls: CtmPeerCall[] = [];
  const numbers: CtmPeerNumber[] = [];
  const recordings = new Map<string, { bytes: Buffer; contentType: string }>();
  const failures: { status: number; retryAfter?: string }[] = [];
  const expected = `Basic ${Buffer.from(`${CTM_PEER_ACCESS_KEY}:${CTM_PEER_SECRET_KEY}`).toString('base64')}`;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    peer.requests.push({
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      at: performance.now(),
    });
    const failure = failures.shift();
    if (failure) {
      const headers = failure.retryAfter ? { 'retry-after': failure.retryAfter } : {};
      const message =
        failure.status === 401
          ? 'Invalid API credentials'
          : failure.status === 429
            ? 'Rate limit exceeded'
            : 'Service unavailable';
      return send(res, failure.status, { error: message }, headers);
    }
    if (req.headers.authorization !== expected) {
      return send(res, 401, { error: 'Invalid API credentials' });
    }
    const recording = /^\/recordings\/([\w.-]+)$/.exec(url.pathname);
    if (recording) {
      const found = recordings.get(recording[1] ?? '');
      if (!found) return send(res, 404, { error: 'Not found' });
      res.writeHead(200, {
        'content-type': found.contentType,
        'content-length': found.bytes.length,
      });
      return res.end(found.bytes);
    }
    const route = /^\/api\/v1\/accounts\/([^/]+)\/(calls|numbers)\.json$/.exec(url.pathname);
    if (!route) return send(res, 404, { error: 'Not found' });
    if (route[1] !== CTM_PEER_ACCOUNT) return send(res, 404, { error: 'Account not found' });
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 10)));
    const listUrl = (p: number) =>
      `${peer.base}/api/v1/accounts/${CTM_PEER_ACCOUNT}/${route[2]}.json?page=${p}&per_page=${perPage}`;
    if (route[2] === 'numbers') {
      const totalPages = Math.max(1, Math.ceil(numbers.length / perPage));
      return send(res, 200, {
        numbers: numbers.slice((page - 1) * perPage, page * perPage),
        page,
        per_page: perPage,
        total_entries: numbers.length,
        total_pages: totalPages,
        next_page: page < totalPages ? listUrl(page + 1) : null,
      });
    }
    // Dates bound the call's day (UTC here; CTM uses the account's zone), both included.
    const from = url.searchParams.get('start_date');
    const to = url.searchParams.get('end_date');
    const matching = calls
      .filter((c) => {
        const day = new Date(c.unix_time * 1000).toISOString().slice(0, 10);
        return (!from || day >= from) && (!to || day <= to);
      })
      .sort((a, b) => b.unix_time - a.unix_time);
    const totalPages = Math.max(1, Math.ceil(matching.length / perPage));
    return send(res, 200, {
      calls: matching.slice((page - 1) * perPage, page * perPage),
      page,
      per_page: perPage,
      total_entries: matching.length,
      total_pages: totalPages,
      next_page: page < totalPages ? listUrl(page + 1) : null,
      previous_page: page > 1 ? listUrl(page - 1) : null,
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const peer: RunningCtmPeer = {
    base: `http://127.0.0.1:${port}`,
    requests: [],
    addCall: (call) => void calls.push(call),
    addNumber: (number) => void numbers.push(number),
    addRecording(name, bytes, contentType) {
      recordings.set(name, { bytes, contentType });
      return `${peer.base}/recordings/${name}`;
    },
    failNext(count, status, retryAfter) {
      for (let i = 0; i < count; i++) failures.push({ status, ...(retryAfter && { retryAfter }) });
    },
    close: () => closeServer(server),
  };
  return peer;
}

/** A CTM call of the peer at `at`, with sensible defaults. */
export function ctmPeerCall(id: number, at: Date, extra: Partial<CtmPeerCall> = {}): CtmPeerCall {
  return {
    id,
    caller_number: `(512) 555-${String(1000 + (id % 9000)).padStart(4, '0')}`,
    source: 'Google Business Profile',
    duration: 95,
    talk_time: 80,
    city: 'Austin',
    state: 'TX',
    country: 'US',
    called_at: at.toISOString(),
    unix_time: Math.floor(at.getTime() / 1000),
    tracking_number: '(512) 555-0190',
    tracking_label: 'Google Business Profile listing',
    business_number: '(512) 555-0100',
    call_status: 'answered',
    is_new_caller: true,
    audio: null,
    ...extra,
  };
}
