import type { SearchConfig } from '../../config/config';
import type { Db } from '../../kernel/db/database';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import {
  createDataForSeoSearchProvider,
  type ResilienceOptions,
} from '../../providers/search/dataforseo-search';
import type { SearchProvider } from '../../providers/search/port';
import { createSimulatedSearchProvider } from '../../providers/search/simulated-search';

export interface SearchProviderDeps {
  /** The simulated provider reads the businesses near each point from here. */
  db: Db;
  /** Counts each live call for the status page (app.recordProviderCall). */
  recordCall: RecordProviderCall;
  log?: { warn(details: object, message: string): void };
  /** The simulated provider's clock (a seed replaying past scans passes its own). */
  now?: () => Date;
  /** Tests shorten the live adapter's backoff and circuit-breaker delays. */
  resilience?: Partial<ResilienceOptions>;
  fetchImpl?: typeof fetch;
}

/**
 * The search provider SEARCH_PROVIDER names. Build it once per process and share it: the
 * live adapter's concurrency limit and circuit breaker hold across every scan only if all
 * of them go through one instance.
 */
export function createSearchProvider(
  config: SearchConfig,
  deps: SearchProviderDeps,
): SearchProvider {
  if (config.provider === 'dataforseo') {
    if (!config.dataforseo) {
      throw new Error('SEARCH_PROVIDER=dataforseo needs DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD');
    }
    return createDataForSeoSearchProvider({
      ...config.dataforseo,
      timeoutMs: config.timeoutMs,
      concurrency: config.concurrency,
      costPerRequestMillicents: config.costPerRequestMillicents,
      scanCostCeilingCents: config.scanCostCeilingCents,
      recordCall: deps.recordCall,
      log: deps.log,
      resilience: deps.resilience ?? config.resilience,
      fetchImpl: deps.fetchImpl,
    });
  }
  return createSimulatedSearchProvider({ db: deps.db, now: deps.now });
}
