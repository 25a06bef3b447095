import type { VendorProviderDeps } from '../../providers/create-vendor-providers';
import { createFbAdsDemo } from '../../providers/facebook-ads/fb-ads-demo';
import { createFbAdsLive } from '../../providers/facebook-ads/fb-ads-live';
import type { VendorConfig } from '../../providers/vendor-config';
import type { FacebookAdsProvider } from '../../providers/vendors/facebook-ads-provider';

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
