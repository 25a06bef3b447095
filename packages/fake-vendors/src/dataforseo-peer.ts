import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const PEER_LOGIN = 'peer-login@example.com';
export const PEER_PASSWORD = 'peer-password-9c1e7a';

/** How the peer answers one request. */
export type DataForSeoBehaviour =
  | 'ok'
  /** HTTP 500 in DataForSEO's shape. */
  | 'http500'
  /** HTTP 429, as a proxy in front of the API would answer. */
  | 'http429'
  /** HTTP 200 with a task-level 40501 "Invalid Field" (our request's fault). */
  | 'task40501'
  /** HTTP 200 with a task-level 50000 "Internal Error." */
  | 'task50000'
  /** HTTP 200 with a task-level 40102 "No Search Results." */
  | 'noResults'
  /** Holds the answer for `slowMs` (5 s by default): past any sensible timeout. */
  | 'slow';

/** What the fake saw, so tests can check what the adapter sent. */
export interface DataForSeoPeerRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface RunningDataForSeoPeer {
  base: string;
  requests: DataForSeoPeerRequest[];
  /** The answer when nothing is queued in `next`. */
  mode: DataForSeoBehaviour;
  /** Answers for the next requests, in order, before `mode` applies again. */
  next: DataForSeoBehaviour[];
  /** Every answer waits this long (to hold requests in flight). */
  delayMs: number;
  slowMs: number;
  inFlight: number;
  maxInFlight: number;
  reset(): void;
  close(): Promise<void>;
}

/** Twenty-two listings: two are not map listings and one has only a cid. */
function items(keyword: string) {
  const listings: Record<string, unknown>[] = Array.from({ length: 21 }, (_, i) => ({
    type: 'maps_search',
    rank_group: 21 - i,
    rank_absolute: 21 - i,
    domain: `peer${21 - i}.example.com`,
    title: `Peer ${keyword} ${21 - i}`,
    url: i % 3 === 0 ? null : `https://www.peer${21 - i}.example.com/`,
    rating:
      i % 4 === 0
        ? null
        : { rating_type: 'Max5', value: 4.1 + (i % 9) / 10, votes_count: 10 * i, rating_max: null },
    rating_distribution: null,
    snippet: null,
    address: `${100 + i} Congress Ave, Austin, TX 78701`,
    address_info: { city: 'Austin', zip: '78701', region: 'TX', country_code: 'US' },
    place_id: i === 5 ? null : `ChIJpeer${21 - i}`,
    phone: `+1512555${String(1000 + i)}`,
    main_image: null,
    category: 'Plumber',
    cid: String(9_000_000 + i),
    latitude: Number((30.26 + i / 1000).toFixed(6)),
    longitude: Number((-97.74 - i / 1000).toFixed(6)),
    is_claimed: true,
  }));
  listings.splice(3, 0, {
    type: 'maps_paid_item',
    rank_absolute: 0,
    title: 'Sponsored',
    place_id: 'ChIJad',
  });
  return listings;
}

function envelope(taskStatus: number, taskMessage: string, result: unknown) {
  return {
    version: '0.1.20250101',
    status_code: 20000,
    status_message: 'Ok.',
    time: '2.1 sec.',
    cost: 0.002,
    tasks_count: 1,
    tasks_error: taskStatus === 20000 ? 0 : 1,
    tasks: [
      {
        id: '01011200-0000-0000-0000-000000000000',
        status_code: taskStatus,
        status_message: taskMessage,
        time: '2.0 sec.',
        cost: taskStatus === 20000 || taskStatus === 40102 ? 0.002 : 0,
        result_count: result ? 1 : 0,
        path: ['v3', 'serp', 'google', 'maps', 'live', 'advanced'],
        data: {},
        result,
      },
    ],
  };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A local stand-in for DataForSEO's `POST /v3/serp/google/maps/live/advanced`: checks HTTP
 * basic auth as the API does, answers in its documented envelope (request-level and
 * task-level status codes), and can be told to fail, to be slow, or to hold requests so
 * that tests can count how many are in flight at once.
 */
export async function startDataForSeoPeer(
  /** 0: any free port. A test that closed a peer passes its port to bring it back there. */
  port = 0,
): Promise<RunningDataForSeoPeer> {
  const expected = `Basic ${Buffer.from(`${PEER_LOGIN}:${PEER_PASSWORD}`).toString('base64')}`;
  const peer: RunningDataForSeoPeer = {
    base: '',
    requests: [],
    mode: 'ok',
    next: [],
    delayMs: 0,
    slowMs: 5_000,
    inFlight: 0,
    maxInFlight: 0,
    reset() {
      peer.requests.length = 0;
      peer.mode = 'ok';
      peer.next = [];
      peer.delayMs = 0;
      peer.slowMs = 5_000;
      peer.maxInFlight = 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer(async (req, res) => {
    peer.inFlight++;
    peer.maxInFlight = Math.max(peer.maxInFlight, peer.inFlight);
    res.on('close', () => {
      peer.inFlight--;
    });
    let text = '';
    for await (const chunk of req) text += chunk;
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    peer.requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body,
    });
    const behaviour = peer.next.shift() ?? peer.mode;
    const wait = behaviour === 'slow' ? peer.slowMs : peer.delayMs;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

    if (req.headers.authorization !== expected) {
      return send(res, 401, {
        status_code: 40100,
        status_message:
          'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access',
        tasks: null,
      });
    }
    if (req.method !== 'POST' || req.url !== '/v3/serp/google/maps/live/advanced') {
      return send(res, 404, { status_code: 40400, status_message: 'Not Found.', tasks: null });
    }
    const task = Array.isArray(body)
      ? (body[0] as { keyword?: string; location_coordinate?: string })
      : null;
    switch (behaviour) {
      case 'http500':
        return send(res, 500, {
          status_code: 50000,
          status_message: 'Internal Server Error.',
          tasks: null,
        });
      case 'http429':
        return send(res, 429, {
          status_code: 40202,
          status_message: 'Rate-limit per minute exceeded.',
          tasks: null,
        });
      case 'task40501':
        return send(res, 200, envelope(40501, "Invalid Field: 'location_coordinate'.", null));
      case 'task50000':
        return send(res, 200, envelope(50000, 'Internal Error.', null));
      case 'noResults':
        return send(res, 200, envelope(40102, 'No Search Results.', null));
      default:
        return send(
          res,
          200,
          envelope(20000, 'Ok.', [
            {
              keyword: task?.keyword ?? '',
              type: 'maps',
              se_domain: 'google.com',
              location_code: null,
              language_code: 'en',
              check_url: 'https://www.google.com/maps/search/plumber/@30.2672,-97.7431,13z',
              datetime: '2025-01-01 12:00:00 +00:00',
              items_count: 23,
              items: items(task?.keyword ?? ''),
            },
          ]),
        );
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  peer.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return peer;
}

/** An address where nothing listens: a port that was just opened and closed again. */
export async function refusedBaseUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
