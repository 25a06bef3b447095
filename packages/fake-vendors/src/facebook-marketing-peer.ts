import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './peer-http';

/** The token the peer accepts and one it calls expired (Graph code 190). */
export const FB_ADS_PEER_TOKEN = 'fb-ads-peer-token-EAAB9x';
export const FB_ADS_PEER_EXPIRED_TOKEN = 'fb-ads-peer-expired-EAAB77';
export const FB_ADS_PEER_ACCOUNT = 'act_1029384756';

/** An insights row in Graph's documented shape: every number a string. */
export interface FbAdsPeerInsight {
  campaign_id: string;
  campaign_name: string;
  date_start: string;
  date_stop: string;
  spend: string;
  impressions: string;
  reach: string;
  clicks: string;
  ctr: string;
  cpc?: string;
  actions?: { action_type: string; value: string }[];
}

export interface FbAdsPeerCampaign {
  id: string;
  name: string;
  objective: string;
  status: string;
  daily_budget?: string;
}

export interface FbAdsPeerAd {
  id: string;
  campaign_id: string;
}

/** A lead in Graph's shape: `created_time` with Graph's colon-less offset. */
export interface FbAdsPeerLead {
  id: string;
  created_time: string;
  ad_id: string;
  form_id: string;
  campaign_id: string;
  field_data: { name: string; values: string[] }[];
}

/** Graph's timestamp format: 2026-11-21T14:03:27+0000. */
export function graphTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}+0000`;
}

export interface FbAdsPeerRequest {
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

/** A failure to answer the next requests with, in Graph's shapes. */
export type FbAdsPeerFailure =
  | { kind: 'http429'; retryAfter?: string }
  | { kind: 'code17' }
  | { kind: 'code80004'; regainMinutes?: number }
  | { kind: 'unavailable' };

export interface RunningFacebookMarketingPeer {
  base: string;
  requests: FbAdsPeerRequest[];
  campaigns: FbAdsPeerCampaign[];
  insights: FbAdsPeerInsight[];
  /** The account's ads (`/act_{id}/ads`) and their leads (`/{ad-id}/leads`). */
  ads: FbAdsPeerAd[];
  leads: FbAdsPeerLead[];
  failNext(count: number, failure: FbAdsPeerFailure): void;
  close(): Promise<void>;
}

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}

function graphError(
  res: http.ServerResponse,
  status: number,
  error: { message: string; type: string; code: number; error_subcode?: number },
  headers = {},
) {
  send(res, status, { error: { ...error, fbtrace_id: 'AxPeerTrace01' } }, headers);
}

/**
 * A local stand-in for the Meta Marketing API: `GET /{v}/act_{id}/insights` (level=campaign,
 * time_increment=1, `time_range` JSON, `limit`, cursor paging with `paging.cursors.after`
 * and `paging.next` only when more follows) and `GET /{v}/act_{id}/campaigns`; Graph's
 * error shape for a bad or expired token (190/463), the user request limit (17), the ads
 * insights business use case limit (80004, with `x-business-use-case-usage`), HTTP 429
 * and 503 outages. Lead Ads bulk read: `GET /{v}/act_{id}/ads` and `GET /{v}/{ad-id}/leads`
 * (newest first, `filtering` on `time_created` with GREATER_THAN / LESS_THAN in unix
 * seconds, the same cursor paging).
 */
export async function startFacebookMarketingPeer(): Promise<RunningFacebookMarketingPeer> {
  const failures: FbAdsPeerFailure[] = [];
  const peer: RunningFacebookMarketingPeer = {
    base: '',
    requests: [],
    campaigns: [],
    insights: [],
    ads: [],
    leads: [],
    failNext(count, failure) {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    close: async () => {},
  };

  const page = <T>(res: http.ServerResponse, url: URL, items: T[]) => {
    const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 25));
    const after = url.searchParams.get('after');
    const offset = after ? Number(Buffer.from(after, 'base64').toString()) : 0;
    const data = items.slice(offset, offset + limit);
    const end = offset + data.length;
    const cursor = (n: number) => Buffer.from(String(n)).toString('base64');
    const next = new URL(url.href);
    next.searchParams.set('after', cursor(end));
    send(res, 200, {
      data,
      paging: {
        cursors: { before: cursor(offset), after: cursor(end) },
        ...(end < items.length ? { next: next.href } : {}),
      },
    });
  };

  const leads = (res: http.ServerResponse, url: URL, adId: string) => {
    if (!peer.ads.some((ad) => ad.id === adId)) {
      return graphError(res, 400, {
        message: `Unsupported get request. Object with ID '${adId}' does not exist.`,
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      });
    }
    let filters: { field: string; operator: string; value: number }[] = [];
    try {
      filters = JSON.parse(url.searchParams.get('filtering') ?? '[]') as typeof filters;
    } catch {
      return graphError(res, 400, {
        message: '(#100) filtering must be a JSON array',
        type: 'OAuthException',
        code: 100,
      });
    }
    const seconds = (lead: FbAdsPeerLead) => Math.floor(Date.parse(lead.created_time) / 1000);
    const rows = peer.leads
      .filter((lead) => lead.ad_id === adId)
      .filter((lead) =>
        filters.every((f) =>
          f.field !== 'time_created'
            ? true
            : f.operator === 'GREATER_THAN'
              ? seconds(lead) > f.value
              : f.operator === 'LESS_THAN'
                ? seconds(lead) < f.value
                : true,
        ),
      )
      .sort((a, b) => Date.parse(b.created_time) - Date.parse(a.created_time));
    return page(res, url, rows);
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', peer.base);
    const authorization = req.headers.authorization;
    peer.requests.push({ path: url.pathname, query: url.searchParams, authorization });
    const failure = failures.shift();
    if (failure?.kind === 'http429') {
      return graphError(
        res,
        429,
        { message: 'Too many requests', type: 'OAuthException', code: 4 },
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
    }
    if (failure?.kind === 'code17') {
      return graphError(res, 400, {
        message: '(#17) User request limit reached',
        type: 'OAuthException',
        code: 17,
        error_subcode: 2446079,
      });
    }
    if (failure?.kind === 'code80004') {
      return graphError(
        res,
        400,
        {
          message: '(#80004) There have been too many calls to this ad-account.',
          type: 'OAuthException',
          code: 80004,
          error_subcode: 2446079,
        },
        {
          'x-business-use-case-usage': JSON.stringify({
            '1029384756': [
              {
                type: 'ads_insights',
                call_count: 100,
                total_cputime: 40,
                total_time: 60,
                estimated_time_to_regain_access: failure.regainMinutes ?? 0,
              },
            ],
          }),
        },
      );
    }
    if (failure?.kind === 'unavailable') {
      return graphError(res, 503, {
        message: 'Service temporarily unavailable',
        type: 'OAuthException',
        code: 2,
      });
    }
    if (authorization === `Bearer ${FB_ADS_PEER_EXPIRED_TOKEN}`) {
      return graphError(res, 400, {
        message: 'Error validating access token: Session has expired on Tuesday, 01-Jul-25.',
        type: 'OAuthException',
        code: 190,
        error_subcode: 463,
      });
    }
    if (authorization !== `Bearer ${FB_ADS_PEER_TOKEN}`) {
      return graphError(res, 400, {
        message: 'Invalid OAuth access token data.',
        type: 'OAuthException',
        code: 190,
      });
    }
    const leadsOf = /^\/v\d+\.\d+\/(\d+)\/leads$/.exec(url.pathname);
    if (req.method === 'GET' && leadsOf) return leads(res, url, leadsOf[1] as string);
    const match = /^\/v\d+\.\d+\/(act_\d+)\/(insights|campaigns|ads)$/.exec(url.pathname);
    if (req.method !== 'GET' || !match) {
      return graphError(res, 400, {
        message: 'Unsupported get request.',
        type: 'GraphMethodException',
        code: 100,
        error_subcode: 33,
      });
    }
    if (match[2] === 'campaigns') return page(res, url, peer.campaigns);
    if (match[2] === 'ads') return page(res, url, peer.ads);
    if (
      url.searchParams.get('level') !== 'campaign' ||
      url.searchParams.get('time_increment') !== '1'
    ) {
      return graphError(res, 400, {
        message: '(#100) level and time_increment expected',
        type: 'OAuthException',
        code: 100,
      });
    }
    let range: { since: string; until: string };
    try {
      range = JSON.parse(url.searchParams.get('time_range') ?? '') as typeof range;
    } catch {
      return graphError(res, 400, {
        message: '(#100) time_range is not valid JSON',
        type: 'OAuthException',
        code: 100,
      });
    }
    const rows = peer.insights
      .filter((r) => r.date_start >= range.since && r.date_start <= range.until)
      .sort((a, b) => (a.date_start + a.campaign_id).localeCompare(b.date_start + b.campaign_id));
    return page(res, url, rows);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  peer.base = `http://127.0.0.1:${port}`;
  peer.close = () => closeServer(server);
  return peer;
}
