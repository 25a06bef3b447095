import type { VendorConfig } from '../../config/vendor-config';
import { createLsaDemo } from '../../providers/google-ads-lsa/lsa-demo';
import { createLsaLive } from '../../providers/google-ads-lsa/lsa-live';
import type { LsaProvider } from '../../providers/google-ads-lsa/port';
import type { VendorProviderDeps } from './vendor-providers';

/**
 * The LSA provider LSA_PROVIDER names: the deterministic demo (default), or the Google Ads
 * API, which needs a developer token (LSA_DEVELOPER_TOKEN). Build it once per process: the
 * live adapter remembers each account's time zone.
 */
export function createLsaProvider(config: VendorConfig, deps: VendorProviderDeps): LsaProvider {
  const { lsa } = config;
  if (lsa.mode === 'live') {
    if (!lsa.developerToken) throw new Error('LSA_PROVIDER=live needs LSA_DEVELOPER_TOKEN');
    return createLsaLive({
      baseUrl: lsa.baseUrl,
      apiVersion: lsa.apiVersion,
      developerToken: lsa.developerToken,
      ...(lsa.loginCustomerId && { loginCustomerId: lsa.loginCustomerId }),
      timeoutMs: lsa.timeoutMs,
      recordCall: deps.recordCall,
      fetchImpl: deps.fetchImpl,
    });
  }
  return createLsaDemo({
    seed: deps.demoSeed,
    now: deps.now,
    describe: (account) => {
      const hint = deps.describeAccount?.(account);
      return hint ? { trade: hint.trade ?? null } : null;
    },
  });
}
