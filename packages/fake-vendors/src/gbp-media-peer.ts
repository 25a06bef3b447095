import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './peer-http';

export const GBP_MEDIA_PEER_TOKEN = 'gbp-media-peer-token-51c3';

/** A media item in the My Business API v4's documented shape. */
export interface GbpPeerMediaItem {
  name: string;
  mediaFormat: 'PHOTO';
  locationAssociation: { category: string };
  googleUrl: string;
  thumbnailUrl: string;
  createTime: string;
  dimensions: { widthPixels: number; heightPixels: number };
  insights: { viewCount: string };
  description?: string;
  sourceUrl?: string;
}

export interface RunningGbpMediaPeer {
  base: string;
  items: Map<string, GbpPeerMediaItem[]>;
  /** The bodies of `media.create` calls, as received. */
  created: Record<string, unknown>[];
  deleted: string[];
  /** The next request answers this status in Google's error shape. */
  failNext(status: number): void;
  close(): Promise<void>;
}

/** A fake of `accounts/{a}/locations/{l}/media` (list with paging, create, delete). */
export async function startGbpMediaPeer(): Promise<RunningGbpMediaPeer> {
  const items = new Map<string, GbpPeerMediaItem[]>();
  const created: Record<string, unknown>[] = [];
  const deleted: string[] = [];
  let failing: number | null = null;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (failing !== null) {
      const status = failing;
      failing = null;
      return send(status, {
        error: { code: status, message: 'Request failed.', status: 'FAILED' },
      });
    }
    if (req.headers.authorization !== `Bearer ${GBP_MEDIA_PEER_TOKEN}`) {
      return send(401, {
        error: { code: 401, message: 'Invalid credentials.', status: 'UNAUTHENTICATED' },
      });
    }
    const list = /^\/v4\/(accounts\/[^/]+\/locations\/[^/]+)\/media$/.exec(url.pathname);
    if (list && req.method === 'GET') {
      const all = [...(items.get(list[1] ?? '') ?? [])].sort((a, b) =>
        b.createTime.localeCompare(a.createTime),
      );
      const size = Number(url.searchParams.get('pageSize') ?? 100);
      const start = Number(url.searchParams.get('pageToken') ?? 0);
      const page = all.slice(start, start + size);
      return send(200, {
        mediaItems: page,
        totalMediaItemCount: all.length,
        ...(start + size < all.length && { nextPageToken: String(start + size) }),
      });
    }
    if (list && req.method === 'POST') {
      const body = (await readBody(req)) as Record<string, unknown>;
      created.push(body);
      const account = list[1] ?? '';
      const n = (items.get(account)?.length ?? 0) + 1;
      const item: GbpPeerMediaItem = {
        name: `${account}/media/m${n}`,
        mediaFormat: 'PHOTO',
        locationAssociation: {
          category: String(
            (body.locationAssociation as { category?: string })?.category ?? 'ADDITIONAL',
          ),
        },
        googleUrl: `https://lh3.googleusercontent.com/p/m${n}`,
        thumbnailUrl: `https://lh3.googleusercontent.com/p/m${n}=s256`,
        createTime: new Date().toISOString(),
        dimensions: { widthPixels: 800, heightPixels: 600 },
        insights: { viewCount: '0' },
        sourceUrl: String(body.sourceUrl ?? ''),
      };
      items.set(account, [...(items.get(account) ?? []), item]);
      return send(200, item);
    }
    const one = /^\/v4\/(accounts\/[^/]+\/locations\/[^/]+\/media\/[^/]+)$/.exec(url.pathname);
    if (one && req.method === 'DELETE') {
      deleted.push(one[1] ?? '');
      return send(200, {});
    }
    send(404, { error: { code: 404, message: 'Not found.', status: 'NOT_FOUND' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    items,
    created,
    deleted,
    failNext: (status) => {
      failing = status;
    },
    close: () => closeServer(server),
  };
}
