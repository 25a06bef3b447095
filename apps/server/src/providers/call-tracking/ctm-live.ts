import type { CallStatus } from '@pinpoint/contracts';
import { z } from 'zod';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError } from '../kernel/vendor-errors';
import {
  classifyHttpStatus,
  createVendorSend,
  parseRetryAfter,
  safeVendorMessage,
  unexpectedShape,
} from '../kernel/vendor-http';
import { CALL_TRACKING_VENDOR } from '../kernel/vendor-ids';
import { fetchVendorRecording } from '../kernel/vendor-recording';
import { CALL_TRACKING_LABEL, type CallTrackingProvider, toE164, type VendorCall } from './port';

export const CTM_DEFAULT_BASE_URL = 'https://api.calltrackingmetrics.com';
/**
 * SPEC §9: the dashboard waits 25 ms before every call-tracking API request. Kept as a
 * courtesy pause in front of CTM's per-key rate limit, on top of the vendor gate's own
 * even spacing: the gate is per process, and several processes share the agency's key.
 */
export const CTM_REQUEST_DELAY_MS = 25;

export interface CtmLiveOptions {
  baseUrl: string;
  /** The agency's API access key and secret key (HTTP Basic), from the environment. */
  accessKey: string;
  secretKey: string;
  timeoutMs: number;
  recordCall: RecordProviderCall;
  fetchImpl?: typeof fetch;
  /** The SPEC §9 pause; tests pass their own to see it awaited. */
  sleep?: (ms: number) => Promise<void>;
}

// CTM REST API v1, `calls.json`: the fields its documentation shows (`id`, `caller_number`,
// `source`, `duration`, `city`, `state`, `called_at`, `tracking_number`, `audio`) plus the
// call object's `unix_time`, `talk_time`, `call_status`, `is_new_caller`, `tracking_label`.
const callSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  caller_number: z.string().nullish(),
  source: z.string().nullish(),
  duration: z.coerce.number().nullish(),
  talk_time: z.coerce.number().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  called_at: z.string().nullish(),
  unix_time: z.coerce.number().nullish(),
  tracking_number: z.string().nullish(),
  tracking_label: z.string().nullish(),
  call_status: z.string().nullish(),
  is_new_caller: z.boolean().nullish(),
  audio: z.string().nullish(),
});
const callsPageSchema = z.object({
  calls: z.array(z.unknown()),
  page: z.coerce.number().int(),
  total_pages: z.coerce.number().int(),
  next_page: z.string().nullish(),
});
const numberSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  number: z.string(),
  name: z.string().nullish(),
  /** A string, or `{ name }` on accounts whose numbers belong to a tracking source. */
  source: z.union([z.string(), z.object({ name: z.string() })]).nullish(),
});
const numbersPageSchema = z.object({
  numbers: z.array(z.unknown()),
  page: z.coerce.number().int().optional(),
  total_pages: z.coerce.number().int().optional(),
});
const errorSchema = z.object({
  error: z.union([z.string(), z.object({ message: z.string().optional() })]).optional(),
  message: z.string().optional(),
});

/** CTM's call outcomes: anything not answered and not a voicemail was missed. */
export function ctmStatus(value: string | null | undefined): CallStatus {
  const said = (value ?? '').toLowerCase();
  if (said === 'answered' || said === 'completed') return 'answered';
  if (said.includes('voicemail') || said.includes('voice mail')) return 'voicemail';
  return 'missed';
}

/** "2026-11-20 02:15 PM -06:00" (CTM's `called_at`, account zone) as an instant. */
export function parseCalledAt(value: string): Date | null {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?\s*([+-]\d{2}:?\d{2}|Z)?$/i.exec(
      value.trim(),
    );
  if (!m) {
    const at = Date.parse(value);
    return Number.isNaN(at) ? null : new Date(at);
  }
  let hour = Number(m[4]);
  const meridiem = m[7]?.toUpperCase();
  if (meridiem === 'PM' && hour < 12) hour += 12;
  if (meridiem === 'AM' && hour === 12) hour = 0;
  const offset = m[8] ?? 'Z';
  const iso = `${m[1]}-${m[2]}-${m[3]}T${String(hour).padStart(2, '0')}:${m[5]}:${m[6] ?? '00'}${
    offset === 'Z'
      ? 'Z'
      : offset.includes(':')
        ? offset
        : `${offset.slice(0, 3)}:${offset.slice(3)}`
  }`;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : new Date(at);
}

/**
 * CallTrackingMetrics REST API v1 (`api.calltrackingmetrics.com`): `accounts/{id}/calls.json`
 * paged with `page`/`per_page` inside `start_date`/`end_date`, `accounts/{id}/numbers.json`,
 * and each call's `audio` URL; HTTP Basic with the agency's access and secret keys. The
 * connection's external account is the CTM account id.
 */
export function createCtmLive(options: CtmLiveOptions): CallTrackingProvider {
  const send = createVendorSend({
    vendor: CALL_TRACKING_VENDOR,
    label: CALL_TRACKING_LABEL,
    recordCall: options.recordCall,
    timeoutMs: options.timeoutMs,
    fetchImpl: options.fetchImpl,
  });
  const fetchImpl = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const base = options.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.accessKey}:${options.secretKey}`).toString('base64')}`;
  const secrets = [options.accessKey, options.secretKey, authorization];

  function failure(status: number, json: unknown, retryAfter: string | null) {
    const parsed = errorSchema.safeParse(json);
    const raw = parsed.success
      ? typeof parsed.data.error === 'string'
        ? parsed.data.error
        : (parsed.data.error?.message ?? parsed.data.message)
      : undefined;
    const said = safeVendorMessage(raw, secrets);
    return new VendorError(
      CALL_TRACKING_VENDOR,
      classifyHttpStatus(status),
      `${CALL_TRACKING_LABEL} refused the request (HTTP ${status}${said ? `: ${said}` : ''}).`,
      status,
      parseRetryAfter(retryAfter),
    );
  }

  async function get(path: string, signal?: AbortSignal): Promise<unknown> {
    await sleep(CTM_REQUEST_DELAY_MS);
    const response = await send({
      url: `${base}${path}`,
      method: 'GET',
      headers: { authorization, accept: 'application/json' },
      signal,
    });
    if (!response.ok)
      throw failure(response.status, response.json, response.headers.get('retry-after'));
    return response.json;
  }

  const accountPath = (account: string) => `/api/v1/accounts/${encodeURIComponent(account.trim())}`;

  function toCall(item: unknown): VendorCall | null {
    const parsed = callSchema.safeParse(item);
    if (!parsed.success) throw unexpectedShape(CALL_TRACKING_VENDOR, CALL_TRACKING_LABEL);
    const c = parsed.data;
    const calledAt = c.unix_time
      ? new Date(c.unix_time * 1000)
      : c.called_at
        ? parseCalledAt(c.called_at)
        : null;
    const tracking = toE164(c.tracking_number);
    // A call without a time or a tracking number cannot be placed on the report.
    if (!calledAt || !tracking) return null;
    const status = ctmStatus(c.call_status);
    return {
      externalId: c.id,
      calledAt,
      trackingNumber: tracking,
      trackingNumberName: c.tracking_label?.trim() || null,
      source: c.source?.trim() || 'Unknown',
      callerNumber: toE164(c.caller_number),
      callerCity: c.city?.trim() || null,
      callerState: c.state?.trim() || null,
      durationSeconds: Math.max(0, Math.round(c.duration ?? 0)),
      talkTimeSeconds: status === 'answered' ? Math.max(0, Math.round(c.talk_time ?? 0)) : 0,
      status,
      firstTime: c.is_new_caller ?? false,
      recordingUrl: c.audio?.trim() || null,
    };
  }

  return {
    vendor: CALL_TRACKING_VENDOR,
    mode: 'live',
    async listCalls(access, query, signal) {
      const params = new URLSearchParams({
        page: String(query.page),
        per_page: String(query.perPage),
        start_date: query.from,
        end_date: query.to,
      });
      const json = await get(`${accountPath(access.externalAccount)}/calls.json?${params}`, signal);
      const page = callsPageSchema.safeParse(json);
      if (!page.success) throw unexpectedShape(CALL_TRACKING_VENDOR, CALL_TRACKING_LABEL);
      const calls = page.data.calls.map(toCall).filter((c): c is VendorCall => c !== null);
      const hasNext = page.data.page < page.data.total_pages;
      return {
        calls,
        page: page.data.page,
        totalPages: page.data.total_pages,
        nextPage: hasNext ? page.data.page + 1 : null,
      };
    },
    async listNumbers(access, pageNumber, signal) {
      const json = await get(
        `${accountPath(access.externalAccount)}/numbers.json?page=${pageNumber}&per_page=100`,
        signal,
      );
      const page = numbersPageSchema.safeParse(json);
      if (!page.success) throw unexpectedShape(CALL_TRACKING_VENDOR, CALL_TRACKING_LABEL);
      const numbers = page.data.numbers.flatMap((item) => {
        const n = numberSchema.safeParse(item);
        if (!n.success) throw unexpectedShape(CALL_TRACKING_VENDOR, CALL_TRACKING_LABEL);
        const number = toE164(n.data.number);
        if (!number) return [];
        const source = typeof n.data.source === 'string' ? n.data.source : n.data.source?.name;
        return [
          {
            externalId: n.data.id,
            number,
            name: n.data.name?.trim() || number,
            source: source?.trim() || 'Unknown',
          },
        ];
      });
      const current = page.data.page ?? pageNumber;
      const total = page.data.total_pages ?? current;
      return { numbers, nextPage: current < total ? current + 1 : null };
    },
    async fetchRecording(_access, url, signal) {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        throw new VendorError(CALL_TRACKING_VENDOR, 'invalid', 'The recording link is not a URL.');
      }
      return fetchVendorRecording({
        vendor: CALL_TRACKING_VENDOR,
        label: CALL_TRACKING_LABEL,
        target,
        apiBase: base,
        vendorHosts: /(^|\.)calltrackingmetrics\.com$/,
        hostsName: 'CallTrackingMetrics',
        authorization: () => authorization,
        beforeFetch: () => sleep(CTM_REQUEST_DELAY_MS),
        refused: (response) => failure(response.status, null, response.headers.get('retry-after')),
        timeoutMs: options.timeoutMs,
        ...(signal && { signal }),
        fetchImpl,
        recordCall: options.recordCall,
      });
    },
  };
}
