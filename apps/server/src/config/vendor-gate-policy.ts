/** How one vendor is called: shared by every sync and write of that vendor in this process. */
export interface VendorGatePolicy {
  /** Calls in flight at once. */
  concurrency: number;
  /** At most this many calls start per second (spaced evenly). */
  ratePerSecond: number;
  /** Retries after the first attempt, for 429 and outages only. */
  retries: number;
  initialBackoffMs: number;
  /** A Retry-After or backoff longer than this is not waited out here: the job retries later. */
  maxWaitMs: number;
  /** Consecutive outages that open the circuit, and how long it stays open. */
  breakerThreshold: number;
  halfOpenAfterMs: number;
}

export const DEFAULT_GATE_POLICY: VendorGatePolicy = {
  concurrency: 4,
  ratePerSecond: 10,
  retries: 3,
  initialBackoffMs: 500,
  maxWaitMs: 30_000,
  breakerThreshold: 5,
  halfOpenAfterMs: 60_000,
};
