import { z } from 'zod';
import type { RecordProviderCall } from './provider-calls';
import { VendorError, type VendorErrorCode } from './vendor-errors';

/**
 * The one HTTP exchange every vendor adapter makes (reviews, LLM): a timeout, the call
 * counted for the status page, network failures and timeouts mapped to VendorError.
 * No retries here: the sync and outbox frame retry with backoff and break circuits, so
 * an adapter method sends exactly one request. (It lives beside the Google adapter only
 * because this task owns no shared folder; the Facebook and Gemini adapters import it.)
 */
export interface VendorHttpOptions {
  /** The vendor as counted on the status page. */
  vendor: string;
  /** The vendor as named in messages shown to staff. */
  label: string;
  recordCall: RecordProviderCall;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

export interface VendorRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface VendorResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The parsed JSON body, or null when there is none or it is not JSON. */
  json: unknown;
}

export type VendorSend = (request: VendorRequest) => Promise<VendorResponse>;

export function createVendorSend(options: VendorHttpOptions): VendorSend {
  const fetchImpl = options.fetchImpl ?? fetch;
  const seconds = options.timeoutMs / 1000;

  return async (request) => {
    const timer = AbortSignal.timeout(options.timeoutMs);
    const signal = request.signal ? AbortSignal.any([timer, request.signal]) : timer;
    const unreachable = async () => {
      // The caller giving up is not the vendor failing: nothing to count, its reason stands.
      if (request.signal?.aborted) throw request.signal.reason;
      await options.recordCall(options.vendor, false);
      if (timer.aborted) {
        throw new VendorError(
          options.vendor,
          'unavailable',
          `${options.label} did not answer within ${seconds} s.`,
        );
      }
      throw new VendorError(
        options.vendor,
        'unavailable',
        `${options.label} could not be reached.`,
      );
    };

    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
      });
      // Reading the body is part of the answer, so the timeout covers it too.
      text = await response.text();
    } catch {
      return unreachable();
    }
    await options.recordCall(options.vendor, response.ok);
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, ok: response.ok, headers: response.headers, json };
  };
}

/** The usual reading of an HTTP status; vendors with their own error codes refine it. */
export function classifyHttpStatus(status: number): VendorErrorCode {
  if (status === 401) return 'auth';
  if (status === 403) return 'permission';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500 || status === 408) return 'unavailable';
  return 'invalid';
}

/** Retry-After as delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * A vendor's own message, safe to store and show: secrets we sent are cut out (a vendor
 * may echo a token back) and it is kept short.
 */
export function safeVendorMessage(
  message: string | undefined,
  secrets: readonly (string | null | undefined)[],
): string {
  if (!message) return '';
  let safe = message;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) safe = safe.split(secret).join('[redacted]');
  }
  return safe.length > 300 ? `${safe.slice(0, 297)}...` : safe;
}

/** A 2xx answer whose body is not the documented shape: the vendor is misbehaving. */
export function unexpectedShape(vendor: string, label: string): VendorError {
  return new VendorError(
    vendor,
    'unavailable',
    `${label} answered in a shape we do not understand.`,
  );
}

/** A vendor's timestamp: RFC 3339 with any fraction (Google) or `+0000` offsets (Graph). */
export const vendorTimestamp = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'not a timestamp');
