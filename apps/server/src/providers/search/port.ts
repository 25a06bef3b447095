import type { SearchProviderName, SearchQuery, SearchResult } from '@pinpoint/contracts';

/**
 * Where local search results come from (DECISIONS.md: third-party data enters only through
 * provider interfaces). `simulated` models local search over the businesses in our own
 * database; `dataforseo` asks DataForSEO's Google Maps SERP API and costs money per call.
 */
export interface SearchProvider {
  readonly name: SearchProviderName;
  /** The local results at one point, best first, at most SEARCH_MAX_RESULTS. */
  search(query: SearchQuery, options?: { signal?: AbortSignal }): Promise<SearchResult[]>;
  /** What `points` searches would cost, in whole cents rounded up (0 for simulated). */
  estimateCost(points: number): number;
  /**
   * The scan's estimate, or a CostCeilingExceededError when it is above the per-scan ceiling.
   * Called when a scan is requested, before anything is queued or sent.
   */
  checkCost(points: number): CostEstimate;
  /**
   * The live adapter's circuit breaker, read-only (the status page and tests read it);
   * absent on providers without one (simulated).
   */
  health?(): CircuitHealth;
}

/** `open`: calls are refused without a request; `half-open`: one trial call is let through. */
export type CircuitHealth = 'closed' | 'open' | 'half-open';

export interface CostEstimate {
  points: number;
  cents: number;
  ceilingCents: number | null;
}

/**
 * Why a live search failed; only `retryable` codes are tried again. `circuit_open` is
 * retryable by the caller (a scan's point job, later), never inside the adapter: the breaker
 * sits inside the adapter's retry policy and answers it with cockatiel's own error.
 */
export type SearchFailureCode =
  | 'timeout'
  | 'network'
  | 'server_error'
  | 'rate_limited'
  | 'auth'
  | 'payment'
  | 'invalid_request'
  | 'bad_response'
  | 'circuit_open'
  /** The caller gave up (its AbortSignal fired); not the vendor's fault. */
  | 'cancelled';

const RETRYABLE: ReadonlySet<SearchFailureCode> = new Set([
  'timeout',
  'network',
  'server_error',
  'rate_limited',
  // The vendor is paused, not wrong: the point job tries again after its backoff, by which
  // time the breaker may have half-opened (issue 8). Without it an outage writes `error`.
  'circuit_open',
]);

/**
 * A search the provider could not answer. The message is safe to show and to log: it
 * never carries credentials or the vendor's raw body.
 */
export class SearchProviderError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly provider: SearchProviderName,
    readonly code: SearchFailureCode,
    message: string,
    /** The vendor's HTTP status or its own status code (e.g. DataForSEO's 40501). */
    readonly vendorStatus: number | null = null,
  ) {
    super(message);
    this.name = 'SearchProviderError';
    this.retryable = RETRYABLE.has(code);
  }
}

/** A scan whose estimated cost is above the ceiling: refused before any request is sent. */
export class CostCeilingExceededError extends Error {
  constructor(
    readonly provider: SearchProviderName,
    readonly estimate: CostEstimate & { ceilingCents: number },
  ) {
    super(
      `A scan of ${estimate.points} points would cost about ${formatCents(estimate.cents)}, ` +
        `above the ${formatCents(estimate.ceilingCents)} limit per scan. Use a smaller grid.`,
    );
    this.name = 'CostCeilingExceededError';
  }
}

function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * Prices are configured per request in cents with up to three decimals (DataForSEO's live
 * Maps call is $0.002 = 0.2 ¢), kept as integer thousandths of a cent so that sums are
 * exact, and turned into whole cents, rounded up, only for the total.
 */
export function estimateCents(points: number, costPerRequestMillicents: number): number {
  if (!Number.isInteger(points) || points < 0) {
    throw new RangeError('points must be a whole number of searches, 0 or more');
  }
  return Math.ceil((points * costPerRequestMillicents) / 1000);
}

export function checkCostCeiling(
  provider: SearchProviderName,
  points: number,
  costPerRequestMillicents: number,
  ceilingCents: number,
): CostEstimate {
  const estimate = {
    points,
    cents: estimateCents(points, costPerRequestMillicents),
    ceilingCents,
  };
  if (estimate.cents > ceilingCents) throw new CostCeilingExceededError(provider, estimate);
  return estimate;
}
