import type { VendorConfig } from '../../config/vendor-config';
import { createCtmDemo } from '../../providers/call-tracking/ctm-demo';
import { createCtmLive } from '../../providers/call-tracking/ctm-live';
import type { CallTrackingProvider } from '../../providers/call-tracking/port';
import type { VendorProviderDeps } from './vendor-providers';

/**
 * The call-tracking provider CTM_PROVIDER names: the deterministic demo (default), or the
 * CallTrackingMetrics REST API with the agency's keys (CTM_ACCESS_KEY, CTM_SECRET_KEY).
 */
export function createCallTrackingProvider(
  config: VendorConfig,
  deps: VendorProviderDeps,
): CallTrackingProvider {
  const { callTracking: ctm } = config;
  if (ctm.mode === 'live') {
    if (!ctm.accessKey || !ctm.secretKey) {
      throw new Error('CTM_PROVIDER=live needs CTM_ACCESS_KEY and CTM_SECRET_KEY');
    }
    return createCtmLive({
      baseUrl: ctm.baseUrl,
      accessKey: ctm.accessKey,
      secretKey: ctm.secretKey,
      timeoutMs: ctm.timeoutMs,
      recordCall: deps.recordCall,
      fetchImpl: deps.fetchImpl,
    });
  }
  return createCtmDemo({
    seed: deps.demoSeed,
    now: deps.now,
    describe: (account) => deps.describeAccount?.(account) ?? null,
  });
}
