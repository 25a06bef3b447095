import { setTimeout as sleep } from 'node:timers/promises';
import {
  BrokenCircuitError,
  bulkhead,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
  wrap,
} from 'cockatiel';
import type { VendorGatePolicy } from '../../config/vendor-gate-policy';
import { VendorError } from '../../providers/kernel/vendor-errors';

export interface VendorGate {
  run<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** 'closed' (calls flow), 'open' (paused after outages) or 'half-open' (one trial call). */
  readonly state: string;
}

const isOutage = (error: Error) => error instanceof VendorError && error.code === 'unavailable';

/**
 * Concurrency limit → rate limit → circuit breaker, with retries outside them that honour
 * the vendor's Retry-After. Only outages (5xx, timeouts, network) count toward the breaker:
 * a 429 says "slow down", not "I am down", and a refused token is one connection's problem.
 */
export function createVendorGate(vendor: string, policy: VendorGatePolicy): VendorGate {
  const breaker = circuitBreaker(handleWhen(isOutage), {
    halfOpenAfter: policy.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(policy.breakerThreshold),
  });
  const limit = bulkhead(policy.concurrency, Number.POSITIVE_INFINITY);
  const guarded = wrap(breaker, limit);
  const spacingMs = 1000 / policy.ratePerSecond;
  let nextStart = 0;

  async function rateLimited<T>(call: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const start = Math.max(now, nextStart);
    nextStart = start + spacingMs;
    if (start > now) await sleep(start - now);
    return call();
  }

  async function once<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await guarded.execute(() => rateLimited(call));
    } catch (error) {
      if (error instanceof BrokenCircuitError) {
        throw new VendorError(vendor, 'unavailable', `${vendor} keeps failing; calls are paused`);
      }
      throw error;
    }
  }

  return {
    get state() {
      if (breaker.state === CircuitState.Closed) return 'closed';
      return breaker.state === CircuitState.HalfOpen ? 'half-open' : 'open';
    },
    async run(call, signal) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await once(call);
        } catch (error) {
          if (!(error instanceof VendorError) || !error.retryable || attempt >= policy.retries) {
            throw error;
          }
          const backoff = policy.initialBackoffMs * 2 ** attempt * (0.5 + Math.random() / 2);
          const wait = error.retryAfterMs ?? backoff;
          if (wait > policy.maxWaitMs) throw error;
          await sleep(wait, undefined, { signal });
        }
      }
    },
  };
}
