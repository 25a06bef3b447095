/**
 * What went wrong talking to a vendor, in the terms the sync and the outbox act on:
 * - `auth`: the token expired or was revoked → the connection needs attention, no retry;
 * - `permission`: the token lacks a permission → needs attention ("Access is denied");
 * - `rate_limited`: 429 → wait `retryAfterMs` (the vendor's Retry-After) and retry;
 * - `unavailable`: 5xx, timeouts, network errors → retry with backoff; counts for the breaker;
 * - `invalid`: the vendor refused what we sent (4xx) → the write fails with its reason;
 * - `not_found`: the object is gone at the vendor.
 */
export type VendorErrorCode =
  | 'auth'
  | 'permission'
  | 'rate_limited'
  | 'unavailable'
  | 'invalid'
  | 'not_found';

export class VendorError extends Error {
  override readonly name = 'VendorError';
  constructor(
    /** The vendor as counted on the status page ('google-business-profile', …). */
    readonly vendor: string,
    readonly code: VendorErrorCode,
    /** Safe to show and store: never carries a token. */
    message: string,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.code === 'rate_limited' || this.code === 'unavailable';
  }

  /** The connection cannot work until someone reconnects it. */
  get needsAttention(): boolean {
    return this.code === 'auth' || this.code === 'permission';
  }
}

/** SPEC §8: a Facebook call refused for a missing permission rejects with this message. */
export const FACEBOOK_ACCESS_DENIED = 'Access is denied';
