import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './peer-http';

export const BSTAC_PEER_KEY = 'bstac-peer-key-4f1e';
export const BSTAC_PEER_ORG = '1697';

/** A QR code as `GET /api/2.0/qrcodes/` answers it (Beaconstac API v2). */
export interface BstacPeerCode {
  id: number;
  name: string;
  url: string;
  state: string;
  created: string;
  updated: string;
  organization: number;
  qr_type: number;
  campaign: { custom_url: string | null; content_type: number };
}
/** One scan event the reports aggregate (per code, UTC day, OS, city, place). */
export interface BstacPeerScan {
  productId: number;
  at: string;
  os: string;
  city: string;
  place: string;
  latitude: number;
  longitude: number;
  user: string;
}

export interface RunningBstacPeer {
  base: string;
  requests: { path: string; authorization: string | undefined }[];
  addCode(code: Omit<BstacPeerCode, 'organization' | 'qr_type'>): void;
  addScan(scan: BstacPeerScan): void;
  failNext(count: number, status: 401 | 429 | 503): void;
  close(): Promise<void>;
}

function json(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A local Uniqode (Beaconstac) API v2: `GET /api/2.0/qrcodes/?organization=…` with
 * `limit`/`offset` paging and `ordering=-updated` (Django REST framework's
 * `{count, next, previous, results}`), and `GET /api/2.0/reports/?method=Products.…`
 * for the visitor, OS, city and location distributions per code and day between `from`
 * and `to` (epoch ms). `Authorization: Token {key}`; 401 `{detail}` otherwise.
 */
export async function startBeaconstacPeer(): Promise<RunningBstacPeer> {
  const codes: BstacPeerCode[] = [];
  const scans: BstacPeerScan[] = [];
  const requests: RunningBstacPeer['requests'] = [];
  let failures: { count: number; status: number } = { count: 0, status: 0 };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    requests.push({
      path: `${url.pathname}${url.search}`,
      authorization: req.headers.authorization,
    });
    if (failures.count > 0) {
      failures.count--;
      const headers: Record<string, string> = failures.status === 429 ? { 'retry-after': '0' } : {};
      return json(res, failures.status, { detail: 'Request was throttled.' }, headers);
    }
    if (req.headers.authorization !== `Token ${BSTAC_PEER_KEY}`) {
      return json(res, 401, { detail: 'Invalid token.' });
    }
    const org = url.searchParams.get('organization');
    if (org !== BSTAC_PEER_ORG)
      return json(res, 403, { detail: 'You do not have permission to perform this action.' });

    if (req.method === 'GET' && url.pathname === '/api/2.0/qrcodes/') {
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const sorted = [...codes].sort((a, b) => Date.parse(b.updated) - Date.parse(a.updated));
      const page = sorted.slice(offset, offset + limit);
      const next =
        offset + limit < sorted.length
          ? `${url.origin}${url.pathname}?limit=${limit}&offset=${offset + limit}`
          : null;
      return json(res, 200, { count: sorted.length, next, previous: null, results: page });
    }
    if (req.method === 'GET' && url.pathname === '/api/2.0/reports/') {
      const from = Number(url.searchParams.get('from'));
      const to = Number(url.searchParams.get('to'));
      const inRange = scans.filter((s) => Date.parse(s.at) >= from && Date.parse(s.at) <= to);
      const groups = new Map<string, BstacPeerScan[]>();
      const method = url.searchParams.get('method');
      const keyOf = (s: BstacPeerScan) => {
        const day = s.at.slice(0, 10);
        if (method === 'Products.getOsDistribution') return `${s.productId}|${day}|${s.os}`;
        if (method === 'Products.getCityDistribution') return `${s.productId}|${day}|${s.city}`;
        if (method === 'Products.getLocations') return `${s.productId}|${day}|${s.place}`;
        return `${s.productId}|${day}`;
      };
      for (const s of inRange) groups.set(keyOf(s), [...(groups.get(keyOf(s)) ?? []), s]);
      const data = [...groups.values()].map((group) => {
        const first = group[0] as BstacPeerScan;
        const common = { product_id: first.productId, date: first.at.slice(0, 10) };
        switch (method) {
          case 'Products.getVisitorDistribution':
            return {
              ...common,
              impressions: group.length,
              unique_users: new Set(group.map((s) => s.user)).size,
            };
          case 'Products.getOsDistribution':
            return { ...common, os: first.os, count: group.length };
          case 'Products.getCityDistribution':
            return { ...common, city: first.city, count: group.length };
          case 'Products.getLocations':
            return {
              ...common,
              place: first.place,
              latitude: first.latitude,
              longitude: first.longitude,
              count: group.length,
            };
          default:
            return null;
        }
      });
      if (data.includes(null)) return json(res, 400, { detail: 'Unknown method.' });
      return json(res, 200, { data });
    }
    json(res, 404, { detail: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    addCode: (code) => codes.push({ ...code, organization: Number(BSTAC_PEER_ORG), qr_type: 2 }),
    addScan: (scan) => scans.push(scan),
    failNext: (count, status) => {
      failures = { count, status };
    },
    close: () => closeServer(server),
  };
}
