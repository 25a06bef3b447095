import type { VendorConfig } from '../../config/vendor-config';
import { createPageSpeedDemo } from '../../providers/page-speed/page-speed-demo';
import { createPageSpeedLive } from '../../providers/page-speed/page-speed-live';
import type { PageSpeedProvider } from '../../providers/page-speed/port';
import type { VendorProviderDeps } from './vendor-providers';

/**
 * The page-speed service PAGESPEED_PROVIDER names: the demo (default), which measures the
 * site's own HTML, or PageSpeed Insights v5 (PAGESPEED_API_URL, PAGESPEED_API_KEY).
 */
export function createPageSpeedProvider(
  config: VendorConfig,
  deps: Pick<VendorProviderDeps, 'recordCall' | 'fetchImpl'>,
): PageSpeedProvider {
  const { pageSpeed } = config;
  if (pageSpeed.mode === 'live') {
    return createPageSpeedLive({
      baseUrl: pageSpeed.baseUrl,
      ...(pageSpeed.apiKey && { apiKey: pageSpeed.apiKey }),
      timeoutMs: pageSpeed.timeoutMs,
      recordCall: deps.recordCall,
      fetchImpl: deps.fetchImpl,
    });
  }
  return createPageSpeedDemo();
}
