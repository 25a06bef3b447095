import type { VendorConfig } from '../../config/vendor-config';
import { createGadsDemo } from '../../providers/google-ads/gads-demo';
import type { EstimatorSampleLoader } from '../../providers/google-ads/gads-estimator-demo';
import { createGadsLive } from '../../providers/google-ads/gads-live';
import type { GoogleAdsProvider } from '../../providers/google-ads/port';
import type { VendorProviderDeps } from './vendor-providers';

/** The Google Ads provider GOOGLE_ADS_PROVIDER names: the deterministic demo, or GAQL live. */
export function createGoogleAdsProvider(
  config: VendorConfig['googleAds'],
  deps: VendorProviderDeps,
  estimator: { sample?: EstimatorSampleLoader } = {},
): GoogleAdsProvider {
  if (config.mode === 'live' && config.developerToken) {
    return createGadsLive({
      baseUrl: config.baseUrl,
      apiVersion: config.apiVersion,
      developerToken: config.developerToken,
      loginCustomerId: config.loginCustomerId,
      timeoutMs: config.timeoutMs,
      recordCall: deps.recordCall,
      fetchImpl: deps.fetchImpl,
    });
  }
  return createGadsDemo({
    seed: deps.demoSeed,
    now: deps.now,
    describe: deps.describeAccount,
    estimatorSample: estimator.sample,
  });
}
