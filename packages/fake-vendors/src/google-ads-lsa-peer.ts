import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, readBody } from './peer-http';

export const LSA_PEER_TOKEN = 'lsa-peer-token-5b21';
export const LSA_PEER_EXPIRED_TOKEN = 'lsa-peer-expired-77e0';
export const LSA_PEER_DEVELOPER_TOKEN = 'lsa-peer-dev-token-0c3f';
export const LSA_PEER_CUSTOMER = '123-456-7890';
export const LSA_PEER_TIME_ZONE = 'America/Chicago';

/** A lead as the REST API answers a `local_services_lead` row (lowerCamelCase, int64 as string). */
export interface LsaPeerLead {
  resourceName: string;
  id: string;
  categoryId: string;
  serviceId: string;
  contactDetails: { phoneNumber?: string; email?: string; consumerName?: string };
  leadType: 'PHONE_CALL' | 'MESSAGE' | 'BOOKING';
  leadStatus: string;
  /** "YYYY-MM-DD HH:MM:SS" in the account's time zone. */
  creationDateTime: string;
  leadCharged: boolean;
  creditDetails?: { creditState: string; creditStateLastUpdateDateTime: string };
}
export interface LsaPeerConversation {
  resourceName: string;
  id: string;
  conversationChannel: string;
  participantType: string;
  lead: string;
  eventDateTime: string;
  phoneCallDetails?: { callDurationMillis: string; callRecordingUrl?: string };
  messageDetails?: { text: string };
}
export interface LsaPeerDay {
  date: string;
  campaignId: string;
  costMicros: string;
  impressions: string;
  clicks: string;
  phoneCalls: string;
}

export interface RunningLsaPeer {
  base: string;
  /** Every searchStream query, in order (GAQL text). */
  queries: string[];
  requests: { path: string; headers: http.IncomingHttpHeaders }[];
  /** Rows per stream batch: searchStream splits its answer into batches like this. */
  batchSize: number;
  addLead(lead: Omit<LsaPeerLead, 'resourceName'>): LsaPeerLead;
  addConversation(conversation: Omit<LsaPeerConversation, 'resourceName'>): void;
  addDay(day: LsaPeerDay): void;
  /** A recording at `/recordings/{name}` answered with these bytes and content type. */
  addRecording(name: string, bytes: Buffer, contentType: string): string;
  failNext(count: number, status: 401 | 429 | 503, retryAfter?: string): void;
  close(): Promise<void>;
}

const ERRORS: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: { status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Too many requests. Retry in 1 seconds.' },
  503: { status: 'UNAVAILABLE', message: 'The service is currently unavailable.' },
};

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}
const sendError = (res: http.ServerResponse, code: number, headers = {}) =>
  send(
    res,
    code,
    { error: { code, ...(ERRORS[code] ?? { status: 'UNKNOWN', message: '' }) } },
    headers,
  );

/** `'a'`-quoted literals of a GAQL condition on `field` with operator `op`. */
function literal(query: string, field: string, op: string): string | null {
  const escaped = `${field.replace(/\./g, '\\.')}\\s*${op.replace(/[<>=]/g, (c) => `\\${c}`)}\\s*'([^']*)'`;
  return new RegExp(escaped).exec(query)?.[1] ?? null;
}

/**
 * A local stand-in for the Google Ads API's `googleAds:searchStream` (REST) as LSA reports
 * read it: GAQL over `customer`, `local_services_lead` (creation_date_time bounds, newest
 * first), `local_services_lead_conversation` (`lead IN (…)`) and `campaign` days; answers a
 * JSON array of batches with `results`, `fieldMask` and `requestId`; Google's error body;
 * the developer-token header required; an expired token; injected 429s and outages; and
 * recordings served with whatever content type a test sets.
 */
export async function startLsaPeer(): Promise<RunningLsaPeer> {
  const leads: LsaPeerLead[] = [];
  const conversations: LsaPeerConversation[] = [];
  const days: LsaPeerDay[] = [];
  const recordings = new Map<string, { bytes: Buffer; contentType: string }>();
  const failures: { status: number; retryAfter?: string }[] = [];
  const customer = LSA_PEER_CUSTOMER.replace(/-/g, '');

  const stream = (rows: unknown[], fieldMask: string) => {
    const batches = [];
    for (let i = 0; i < rows.length || i === 0; i += peer.batchSize) {
      batches.push({
        results: rows.slice(i, i + peer.batchSize),
        fieldMask,
        requestId: `req-${i}`,
      });
      if (rows.length === 0) break;
    }
    return batches;
  };

  function answer(query: string): unknown[] {
    const from = /\bFROM\s+(\w+)/i.exec(query)?.[1];
    if (from === 'customer') {
      return stream(
        [{ customer: { resourceName: `customers/${customer}`, timeZone: LSA_PEER_TIME_ZONE } }],
        'customer.timeZone',
      );
    }
    if (from === 'local_services_lead') {
      const since = literal(query, 'local_services_lead.creation_date_time', '>=') ?? '';
      const until = literal(query, 'local_services_lead.creation_date_time', '<') ?? '9999';
      const rows = leads
        .filter((l) => l.creationDateTime >= since && l.creationDateTime < until)
        .sort((a, b) => b.creationDateTime.localeCompare(a.creationDateTime))
        .map((l) => ({ localServicesLead: l }));
      return stream(rows, 'localServicesLead.id');
    }
    if (from === 'local_services_lead_conversation') {
      const list = /\.lead\s+IN\s*\(([^)]*)\)/i.exec(query)?.[1] ?? '';
      const wanted = new Set([...list.matchAll(/'([^']*)'/g)].map((m) => m[1]));
      const rows = conversations
        .filter((c) => wanted.has(c.lead))
        .map((c) => ({ localServicesLeadConversation: c }));
      return stream(rows, 'localServicesLeadConversation.id');
    }
    if (from === 'campaign') {
      const between = /segments\.date\s+BETWEEN\s+'([^']+)'\s+AND\s+'([^']+)'/i.exec(query);
      const [lo, hi] = [between?.[1] ?? '', between?.[2] ?? '9999'];
      const rows = days
        .filter((d) => d.date >= lo && d.date <= hi)
        .map((d) => ({
          campaign: { resourceName: `customers/${customer}/campaigns/${d.campaignId}` },
          segments: { date: d.date },
          metrics: {
            costMicros: d.costMicros,
            impressions: d.impressions,
            clicks: d.clicks,
            phoneCalls: d.phoneCalls,
          },
        }));
      return stream(rows, 'segments.date,metrics.costMicros');
    }
    throw new Error(`unsupported GAQL: ${query}`);
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    peer.requests.push({ path: url.pathname, headers: req.headers });
    const body = await readBody(req);
    const failure = failures.shift();
    if (failure) {
      return sendError(
        res,
        failure.status,
        failure.retryAfter ? { 'retry-after': failure.retryAfter } : {},
      );
    }
    const auth = req.headers.authorization;
    if (auth === `Bearer ${LSA_PEER_EXPIRED_TOKEN}` || auth !== `Bearer ${LSA_PEER_TOKEN}`)
      return sendError(res, 401);
    const recording = /^\/recordings\/([\w.-]+)$/.exec(url.pathname)?.[1];
    if (req.method === 'GET' && recording) {
      const found = recordings.get(recording);
      if (!found) return sendError(res, 400);
      res.writeHead(200, {
        'content-type': found.contentType,
        'content-length': found.bytes.length,
      });
      return res.end(found.bytes);
    }
    const search = /^\/v\d+\/customers\/(\d+)\/googleAds:searchStream$/.exec(url.pathname);
    if (req.method !== 'POST' || !search) return sendError(res, 400);
    if (req.headers['developer-token'] !== LSA_PEER_DEVELOPER_TOKEN) return sendError(res, 401);
    const query = (body as { query?: unknown } | null)?.query;
    if (search[1] !== customer || typeof query !== 'string') return sendError(res, 400);
    peer.queries.push(query);
    return send(res, 200, answer(query));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const peer: RunningLsaPeer = {
    base,
    queries: [],
    requests: [],
    batchSize: 2,
    addLead(input) {
      const lead = {
        ...input,
        resourceName: `customers/${customer}/localServicesLeads/${input.id}`,
      };
      leads.push(lead);
      return lead;
    },
    addConversation(input) {
      conversations.push({
        ...input,
        resourceName: `customers/${customer}/localServicesLeadConversations/${input.id}`,
      });
    },
    addDay: (day) => void days.push(day),
    addRecording(name, bytes, contentType) {
      recordings.set(name, { bytes, contentType });
      return `${base}/recordings/${name}`;
    },
    failNext(count, status, retryAfter) {
      for (let i = 0; i < count; i++) failures.push({ status, ...(retryAfter && { retryAfter }) });
    },
    close: () => closeServer(server),
  };
  return peer;
}
