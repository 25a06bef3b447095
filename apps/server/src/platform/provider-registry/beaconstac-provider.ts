import type { VendorConfig } from '../../config/vendor-config';
import { createBeaconstacDemo } from '../../providers/qr/beaconstac-demo';
import { createBeaconstacLive } from '../../providers/qr/beaconstac-live';
import type { QrVendorProvider } from '../../providers/qr/port';
import type { VendorProviderDeps } from './vendor-providers';

/** The QR vendor BEACONSTAC_PROVIDER names: the deterministic demo (default) or Uniqode's API. */
export function createBeaconstacProvider(
  config: VendorConfig,
  deps: VendorProviderDeps,
): QrVendorProvider {
  const { beaconstac } = config;
  if (beaconstac.mode === 'live') {
    return createBeaconstacLive({
      baseUrl: beaconstac.baseUrl,
      ...(beaconstac.apiKey && { apiKey: beaconstac.apiKey }),
      timeoutMs: beaconstac.timeoutMs,
      recordCall: deps.recordCall,
      fetchImpl: deps.fetchImpl,
    });
  }
  return createBeaconstacDemo();
}
