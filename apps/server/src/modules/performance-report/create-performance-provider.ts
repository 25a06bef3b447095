import { createGbpPerformanceDemo } from '../../providers/google-business-profile/gbp-performance-demo';
import { createGbpPerformanceLive } from '../../providers/google-business-profile/gbp-performance-live';
import type { VendorConfig } from '../../providers/vendor-config';
import type { PerformanceProvider } from '../../providers/vendors/performance-provider';
import type { RecordProviderCall } from '../status/provider-calls';

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
