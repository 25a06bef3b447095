import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './peer-http';

export const LISTINGS_PEER_KEY = 'listings-peer-key-91c2';

/** A location as the vendor keeps it (Uberall's field names). */
export interface PeerLocation {
  id: string;
  name: string | null;
  streetAndNo: string | null;
  addressExtra: string | null;
  zip: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
  phone: string | null;
  website: string | null;
}
export type PeerListingValues = Omit<PeerLocation, 'id'>;
export interface PeerListing extends Partial<PeerListingValues> {
  listingStatus: 'FOUND' | 'NOT_FOUND';
  listingUrl?: string;
  duplicates?: (Partial<PeerListingValues> & { listingUrl: string })[];
}

export interface RunningListingsPeer {
  base: string;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: unknown }[];
  locations: Map<string, PeerLocation>;
  /** A location's listing on a directory; directories without one answer NOT_FOUND. */
  setListing(locationId: string, directory: string, listing: PeerListing): void;
  listing(locationId: string, directory: string): PeerListing | undefined;
  /** The next requests whose path contains `match` (any, when omitted) fail with this status. */
  failNext(
    count: number,
    status: 401 | 403 | 404 | 429 | 503,
    match?: string,
    retryAfter?: string,
  ): void;
  /** Drops the failures still waiting. */
  clearFailures(): void;
  /** The next answer is 200 in a shape the documented API never has. */
  garbleNext(): void;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
const ERROR_TEXT: Record<number, string> = {
  401: 'Invalid privateKey',
  403: 'This key may not manage this location',
  404: 'Location not found',
  429: 'Rate limit exceeded',
  503: 'Service temporarily unavailable',
};

/**
 * A local stand-in for a listings-management vendor in Uberall's REST shape: the API key in
 * the `privateKey` header; answers `{status: "SUCCESS", response}` or `{status: "ERROR",
 * message}`; `POST /locations` (create), `GET`/`PATCH /locations/{id}/listings/{directory}`
 * (a directory's listing; a PATCH writes the given fields there and answers UPDATING),
 * `POST /locations/{id}/scans` (rescan), `GET /locations/{id}/status`.
 */
export async function startListingsPeer(): Promise<RunningListingsPeer> {
  const locations = new Map<string, PeerLocation>();
  const listings = new Map<string, PeerListing>();
  const failures: { status: number; match?: string; retryAfter?: string }[] = [];
  let garble = false;
  let nextId = 5000;
  const requests: RunningListingsPeer['requests'] = [];

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const body = await readBody(req);
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
    const failureAt = failures.findIndex((f) => !f.match || url.pathname.includes(f.match));
    if (failureAt >= 0) {
      const [failure] = failures.splice(failureAt, 1);
      const status = failure?.status ?? 503;
      return send(
        res,
        status,
        { status: 'ERROR', message: ERROR_TEXT[status] ?? 'Error' },
        failure?.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
    }
    if (req.headers.privatekey !== LISTINGS_PEER_KEY) {
      return send(res, 401, { status: 'ERROR', message: ERROR_TEXT[401] });
    }
    if (garble) {
      garble = false;
      return send(res, 200, { ok: true });
    }
    const ok = (response: unknown) => send(res, 200, { status: 'SUCCESS', response });
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    // parts: v1, locations, {id}, …
    if (parts[0] !== 'v1' || parts[1] !== 'locations') {
      return send(res, 404, { status: 'ERROR', message: 'Unknown path' });
    }
    if (parts.length === 2 && req.method === 'POST') {
      const id = String(++nextId);
      const values = (body ?? {}) as Partial<PeerLocation>;
      locations.set(id, {
        id,
        name: values.name ?? null,
        streetAndNo: values.streetAndNo ?? null,
        addressExtra: values.addressExtra ?? null,
        zip: values.zip ?? null,
        city: values.city ?? null,
        province: values.province ?? null,
        country: values.country ?? null,
        phone: values.phone ?? null,
        website: values.website ?? null,
      });
      return ok({ location: { id: Number(id) } });
    }
    const id = parts[2] ?? '';
    if (!locations.has(id)) return send(res, 404, { status: 'ERROR', message: ERROR_TEXT[404] });
    if (parts[3] === 'scans' && req.method === 'POST') return ok({ scan: { status: 'QUEUED' } });
    if (parts[3] === 'status' && req.method === 'GET') {
      return ok({ status: { syncStatus: 'IN_SYNC' } });
    }
    if (parts[3] === 'listings' && parts[4]) {
      const key = `${id}/${parts[4]}`;
      if (req.method === 'PATCH') {
        const current = listings.get(key);
        if (current?.listingStatus !== 'FOUND') {
          return send(res, 400, { status: 'ERROR', message: 'No listing on this directory' });
        }
        listings.set(key, { ...(current as PeerListing), ...(body as Partial<PeerListingValues>) });
        return ok({ listing: { syncStatus: 'UPDATING' } });
      }
      const listing = listings.get(key) ?? { listingStatus: 'NOT_FOUND' };
      return ok({
        listing: {
          ...listing,
          directory: parts[4],
          syncStatus: 'IN_SYNC',
          lastCheckedAt: new Date().toISOString(),
          duplicates: listing.duplicates ?? [],
        },
      });
    }
    return send(res, 404, { status: 'ERROR', message: 'Unknown path' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/v1`,
    requests,
    locations,
    setListing: (locationId, directory, listing) =>
      listings.set(`${locationId}/${directory}`, listing),
    listing: (locationId, directory) => listings.get(`${locationId}/${directory}`),
    failNext(count, status, match, retryAfter) {
      for (let i = 0; i < count; i++) failures.push({ status, match, retryAfter });
    },
    clearFailures() {
      failures.length = 0;
    },
    garbleNext() {
      garble = true;
    },
    close: () => closeServer(server),
  };
}
