import type { VendorConfig } from '../../config/vendor-config';
import { createGbpPerformanceDemo } from '../../providers/google-business-profile/gbp-performance-demo';
import { createGbpPerformanceLive } from '../../providers/google-business-profile/gbp-performance-live';
import type { PerformanceProvider } from '../../providers/google-business-profile/performance-port';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';

/** The daily-metrics adapter GBP_PROVIDER names; live at GBP_PERFORMANCE_URL (its own host). */
export function createPerformanceProvider(
  config: VendorConfig,
  deps: { recordCall: RecordProviderCall; now?: () => Date; fetchImpl?: typeof fetch },
): PerformanceProvider {
  const gbp = config.googleBusinessProfile;
  return gbp.mode === 'live'
    ? createGbpPerformanceLive({
        baseUrl: gbp.performanceUrl,
        timeoutMs: gbp.timeoutMs,
        recordCall: deps.recordCall,
        fetchImpl: deps.fetchImpl,
      })
    : createGbpPerformanceDemo({ now: deps.now });
}
