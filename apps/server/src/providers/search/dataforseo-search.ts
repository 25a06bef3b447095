import { type SearchResult, searchQuerySchema } from '@pinpoint/contracts';
import {
  BrokenCircuitError,
  bulkhead,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  ExponentialBackoff,
  handleWhen,
  retry,
  TaskCancelledError,
  TimeoutStrategy,
  timeout,
  wrap,
} from 'cockatiel';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { DATAFORSEO_PROVIDER } from '../kernel/vendor-ids';
import {
  classifyHttpStatus,
  classifyStatusCode,
  dataForSeoResponseSchema,
  locationCoordinate,
  toSearchResults,
} from './dataforseo-response';
import {
  type CircuitHealth,
  checkCostCeiling,
  estimateCents,
  type SearchFailureCode,
  type SearchProvider,
  SearchProviderError,
} from './port';

export const DATAFORSEO_MAPS_PATH = '/v3/serp/google/maps/live/advanced';

/** How hard we insist; the defaults suit a live API that answers in 2–20 s. */
export interface ResilienceOptions {
  /** Retries after the first attempt, for timeouts, network errors, 429 and 5xx only. */
  retries: number;
  /** First backoff delay; later ones grow ×2 with decorrelated jitter, up to maxBackoffMs. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** Consecutive failed calls that open the circuit… */
  breakerThreshold: number;
  /** …and how long it stays open before one trial call is let through (half-open). */
  halfOpenAfterMs: number;
}

const DEFAULT_RESILIENCE: ResilienceOptions = {
  retries: 3,
  initialBackoffMs: 500,
  maxBackoffMs: 10_000,
  breakerThreshold: 5,
  halfOpenAfterMs: 30_000,
};

export interface DataForSeoOptions {
  login: string;
  password: string;
  /** https://api.dataforseo.com, or a local fake server in tests. */
  baseUrl: string;
  timeoutMs: number;
  /** Requests in flight at once, across every scan of this process. */
  concurrency: number;
  /** Price of one request in thousandths of a cent (0.2 ¢ = 200). */
  costPerRequestMillicents: number;
  scanCostCeilingCents: number;
  recordCall: RecordProviderCall;
  log?: { warn(details: object, message: string): void };
  resilience?: Partial<ResilienceOptions>;
  languageCode?: string;
  fetchImpl?: typeof fetch;
}

/** Failures that say the vendor is unwell; a malformed request of ours does not count. */
function isOutage(error: Error): boolean {
  return (
    error instanceof SearchProviderError &&
    error.code !== 'invalid_request' &&
    error.code !== 'cancelled'
  );
}

function isRetryable(error: Error): boolean {
  return error instanceof SearchProviderError && error.retryable;
}

function failure(code: SearchFailureCode, message: string, status: number | null = null) {
  return new SearchProviderError('dataforseo', code, message, status);
}

/**
 * DataForSEO's Google Maps SERP API (live mode: one POST per point, answered in place).
 * Each request goes through, from the outside in: retries with exponential backoff and
 * jitter → a circuit breaker → a bulkhead (concurrency limit, unbounded queue) → a
 * timeout (cockatiel). Credentials travel only in the Authorization header; no error
 * message or log line carries them.
 */
export function createDataForSeoSearchProvider(options: DataForSeoOptions): SearchProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const settings = { ...DEFAULT_RESILIENCE, ...options.resilience };
  const authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`;
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}${DATAFORSEO_MAPS_PATH}`;

  const retryPolicy = retry(handleWhen(isRetryable), {
    maxAttempts: settings.retries,
    backoff: new ExponentialBackoff({
      initialDelay: settings.initialBackoffMs,
      maxDelay: settings.maxBackoffMs,
    }),
  });
  const breakerPolicy = circuitBreaker(handleWhen(isOutage), {
    halfOpenAfter: settings.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(settings.breakerThreshold),
  });
  const bulkheadPolicy = bulkhead(options.concurrency, Number.POSITIVE_INFINITY);
  const timeoutPolicy = timeout(options.timeoutMs, TimeoutStrategy.Aggressive);
  const policy = wrap(retryPolicy, breakerPolicy, bulkheadPolicy);

  retryPolicy.onRetry((event) => {
    const reason = 'error' in event ? event.error : null;
    options.log?.warn(
      {
        provider: DATAFORSEO_PROVIDER,
        attempt: event.attempt,
        delayMs: Math.round(event.delay),
        code: reason instanceof SearchProviderError ? reason.code : undefined,
      },
      'search call failed; retrying',
    );
  });
  breakerPolicy.onBreak(() =>
    options.log?.warn(
      { provider: DATAFORSEO_PROVIDER, pauseMs: settings.halfOpenAfterMs },
      'search provider keeps failing; calls paused',
    ),
  );

  /** One HTTP request; every request that was sent is counted for the status page. */
  async function attempt(body: string, signal: AbortSignal, callerSignal?: AbortSignal) {
    let response: Response;
    try {
      response = await fetchImpl(endpoint, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body,
        signal,
      });
    } catch {
      // The caller giving up is not the vendor failing: nothing to count.
      if (callerSignal?.aborted) throw failure('cancelled', 'The search was cancelled.');
      await options.recordCall(DATAFORSEO_PROVIDER, false);
      if (signal.aborted) throw failure('timeout', timeoutMessage());
      throw failure('network', 'DataForSEO could not be reached.');
    }
    const text = await response.text().catch(() => '');
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    const parsed = dataForSeoResponseSchema.safeParse(json);
    const vendorMessage = parsed.success ? (parsed.data.status_message ?? '') : '';
    if (!response.ok) {
      await options.recordCall(DATAFORSEO_PROVIDER, false);
      throw failure(
        classifyHttpStatus(response.status),
        `DataForSEO refused the search (HTTP ${response.status}${vendorMessage ? `: ${vendorMessage}` : ''}).`,
        response.status,
      );
    }
    if (!parsed.success) {
      await options.recordCall(DATAFORSEO_PROVIDER, false);
      throw failure('bad_response', 'DataForSEO answered in a shape we do not understand.');
    }
    const answer = parsed.data;
    const task = answer.tasks?.[0];
    // The request-level code speaks for the whole call; the task's for this search.
    const code = answer.status_code !== 20000 ? answer.status_code : task?.status_code;
    const message =
      (answer.status_code !== 20000 ? answer.status_message : task?.status_message) ?? '';
    if (code === undefined) {
      await options.recordCall(DATAFORSEO_PROVIDER, false);
      throw failure('bad_response', 'DataForSEO answered without a task.');
    }
    const outcome = classifyStatusCode(code);
    if (outcome !== 'ok' && outcome !== 'empty') {
      await options.recordCall(DATAFORSEO_PROVIDER, false);
      throw failure(outcome, `DataForSEO could not run the search (${code}: ${message}).`, code);
    }
    await options.recordCall(DATAFORSEO_PROVIDER, true);
    if (outcome === 'empty') return [];
    return toSearchResults((task?.result ?? []).flatMap((result) => result.items ?? []));
  }

  function timeoutMessage() {
    return `DataForSEO did not answer within ${options.timeoutMs / 1000} s.`;
  }

  return {
    name: 'dataforseo',

    // Isolated (never used here) counts as open: calls are refused either way.
    health: (): CircuitHealth =>
      breakerPolicy.state === CircuitState.Closed
        ? 'closed'
        : breakerPolicy.state === CircuitState.HalfOpen
          ? 'half-open'
          : 'open',

    async search(query, { signal: callerSignal } = {}): Promise<SearchResult[]> {
      const { keyword, point, zoom } = searchQuerySchema.parse(query);
      const body = JSON.stringify([
        {
          keyword,
          location_coordinate: locationCoordinate(point, zoom),
          language_code: options.languageCode ?? 'en',
          depth: 20,
        },
      ]);
      try {
        return await policy.execute(
          ({ signal }) =>
            timeoutPolicy
              .execute(({ signal: timed }) => attempt(body, timed, callerSignal), signal)
              .catch((error: unknown) => {
                // cockatiel's timeout rejects with its own error (also when the caller aborts);
                // ours says which. (`instanceof`: cockatiel 3.2.1's isTaskCancelledError is broken.)
                if (error instanceof TaskCancelledError && !callerSignal?.aborted) {
                  throw failure('timeout', timeoutMessage());
                }
                throw error;
              }),
          callerSignal,
        );
      } catch (error) {
        if (error instanceof BrokenCircuitError) {
          throw failure(
            'circuit_open',
            'DataForSEO has been failing; searches are paused for a moment. Try again shortly.',
          );
        }
        if (error instanceof SearchProviderError) throw error;
        if (error instanceof TaskCancelledError)
          throw failure('cancelled', 'The search was cancelled.');
        throw error;
      }
    },

    estimateCost: (points) => estimateCents(points, options.costPerRequestMillicents),

    checkCost: (points) =>
      checkCostCeiling(
        'dataforseo',
        points,
        options.costPerRequestMillicents,
        options.scanCostCeilingCents,
      ),
  };
}
