import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './peer-http';

/** The token and developer token the fake accepts; any other bearer is "expired" (401). */
export const GADS_PEER_TOKEN = 'ya29.gads-peer-token-5c1e';
export const GADS_PEER_DEVELOPER_TOKEN = 'gads-peer-dev-token-77aa';
export const GADS_PEER_CUSTOMER = '1234567890';

/** A GAQL row as Google Ads REST returns it: nested, camelCase, int64 as strings. */
export type GadsPeerRow = Record<string, unknown>;

export interface GadsPeerRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  query: string;
  at: number;
  /** The JSON body (keyword planning requests). */
  body: unknown;
}

const camel = (part: string) => part.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Copies only the selected fields (`campaign.cost_micros` → `campaign.costMicros`). */
function project(row: GadsPeerRow, fields: string[]): GadsPeerRow {
  const out: GadsPeerRow = {};
  for (const f of fields) {
    const path = f.split('.').map(camel);
    let from: unknown = row;
    for (const p of path) from = (from as Record<string, unknown> | undefined)?.[p];
    if (from === undefined) continue;
    let into = out;
    path.slice(0, -1).forEach((p) => {
      into[p] ??= {};
      into = into[p] as GadsPeerRow;
    });
    into[path.at(-1) ?? ''] = from;
  }
  return out;
}

/**
 * A local fake of the Google Ads API's `customers/{id}/googleAds:searchStream`: it reads
 * the GAQL's SELECT fields, FROM resource and `segments.date BETWEEN` and
 * `segments.conversion_action_category` filters, answers the rows it holds for that
 * resource (only the fields asked), split into stream batches of `batchSize`, and refuses
 * in Google's error shape: 401 UNAUTHENTICATED for an unknown token, 403 for a missing
 * developer token, and 429 RESOURCE_EXHAUSTED (with Retry-After) when told to.
 */
export async function startGoogleAdsPeer(options: {
  /** Rows by FROM resource; figure rows carry `segments.date`. */
  data: Record<string, GadsPeerRow[]>;
  batchSize?: number;
  /** `generateKeywordIdeas` results, paged by `pageSize`/`pageToken` (the index as token). */
  keywordIdeas?: GadsPeerRow[];
  /** `generateKeywordForecastMetrics`' `campaignForecastMetrics`. */
  forecastMetrics?: GadsPeerRow;
}) {
  const requests: GadsPeerRequest[] = [];
  const state = { rateLimited: 0, retryAfterSeconds: 1 };
  const server = http.createServer(async (req, res) => {
    const body = (await readBody(req)) as { query?: string } | null;
    const path = req.url ?? '';
    const query = body?.query ?? '';
    requests.push({ path, headers: req.headers, query, at: Date.now(), body });
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };
    const fail = (code: number, status: string, message: string, headers = {}) =>
      send(code, { error: { code, message, status } }, headers);
    const match = /^\/v\d+\/customers\/(\d{10})\/googleAds:searchStream$/.exec(path);
    const planning =
      /^\/v\d+\/customers\/(\d{10}):(generateKeywordIdeas|generateKeywordForecastMetrics)$/.exec(
        path,
      );
    if (req.method !== 'POST' || !(match || planning)) {
      return fail(404, 'NOT_FOUND', 'Unknown path.');
    }
    if (req.headers['developer-token'] !== GADS_PEER_DEVELOPER_TOKEN) {
      return fail(403, 'PERMISSION_DENIED', 'The developer token is not valid.');
    }
    if (req.headers.authorization !== `Bearer ${GADS_PEER_TOKEN}`) {
      return fail(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    }
    if (state.rateLimited > 0) {
      state.rateLimited--;
      return fail(429, 'RESOURCE_EXHAUSTED', 'Too many requests.', {
        'retry-after': String(state.retryAfterSeconds),
      });
    }
    if (planning) return answerPlanning(planning[2] ?? '', body, send, fail);
    const select = /^\s*SELECT\s+(.+?)\s+FROM\s+(\w+)/is.exec(query);
    if (!select) return fail(400, 'INVALID_ARGUMENT', 'Query could not be parsed.');
    const fields = (select[1] ?? '').split(',').map((f) => f.trim());
    const between = /segments\.date BETWEEN '([\d-]+)' AND '([\d-]+)'/.exec(query);
    const wantsCategory = fields.includes('segments.conversion_action_category');
    const rows = (options.data[select[2] ?? ''] ?? []).filter((row) => {
      const segments = (row.segments ?? {}) as Record<string, string>;
      if (!between && segments.date) return false;
      if (
        between &&
        !(
          segments.date &&
          segments.date >= (between[1] ?? '') &&
          segments.date <= (between[2] ?? '')
        )
      )
        return false;
      // Rows with a conversion category answer only the queries that ask for it.
      return wantsCategory === Boolean(segments.conversionActionCategory);
    });
    const size = options.batchSize ?? 10_000;
    const batches = [];
    for (let i = 0; i < Math.max(rows.length, 1); i += size) {
      batches.push({
        results: rows.slice(i, i + size).map((r) => project(r, fields)),
        fieldMask: fields.map((f) => f.split('.').map(camel).join('.')).join(','),
        requestId: `req-${requests.length}-${i}`,
      });
    }
    send(200, batches);
  });
  /** Keyword planning: ideas need seed keywords and paging; a forecast needs ad groups. */
  function answerPlanning(
    method: string,
    body: unknown,
    send: (status: number, json: unknown) => void,
    fail: (code: number, status: string, message: string) => void,
  ) {
    const b = (body ?? {}) as {
      keywordSeed?: { keywords?: string[] };
      pageSize?: number;
      pageToken?: string;
      campaign?: { adGroups?: unknown[] };
      forecastPeriod?: { startDate?: string; endDate?: string };
    };
    if (method === 'generateKeywordIdeas') {
      if (!b.keywordSeed?.keywords?.length) {
        return fail(400, 'INVALID_ARGUMENT', 'A keyword seed is required.');
      }
      const all = options.keywordIdeas ?? [];
      const from = Number(b.pageToken ?? 0);
      const size = b.pageSize ?? 1000;
      const next = from + size < all.length ? String(from + size) : undefined;
      return send(200, {
        results: all.slice(from, from + size),
        ...(next ? { nextPageToken: next } : {}),
        totalSize: String(all.length),
      });
    }
    if (!b.campaign?.adGroups?.length || !b.forecastPeriod?.startDate) {
      return fail(400, 'INVALID_ARGUMENT', 'A campaign with ad groups and a period is required.');
    }
    return send(200, { campaignForecastMetrics: options.forecastMetrics ?? {} });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The next `times` requests answer 429 with Retry-After. */
    rateLimit(times: number, retryAfterSeconds = 1) {
      state.rateLimited = times;
      state.retryAfterSeconds = retryAfterSeconds;
    },
    close: () => closeServer(server),
  };
}
