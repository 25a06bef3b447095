import type { VendorConfig } from '../../config/vendor-config';
import { createFbAdsDemo } from '../../providers/facebook-ads/fb-ads-demo';
import { createFbAdsLive } from '../../providers/facebook-ads/fb-ads-live';
import type { FacebookAdsProvider } from '../../providers/facebook-ads/port';
import type { VendorProviderDeps } from './vendor-providers';

/** The Marketing API adapter FACEBOOK_ADS_PROVIDER names: demo (default) or live. */
export function createFbadsProvider(
  config: VendorConfig,
  deps: VendorProviderDeps,
): FacebookAdsProvider {
  const fb = config.facebookAds;
  return fb.mode === 'live'
    ? createFbAdsLive({
        baseUrl: fb.baseUrl,
        graphVersion: fb.graphVersion,
        timeoutMs: fb.timeoutMs,
        recordCall: deps.recordCall,
        fetchImpl: deps.fetchImpl,
      })
    : createFbAdsDemo({ seed: deps.demoSeed, now: deps.now, describe: deps.describeAccount });
}
