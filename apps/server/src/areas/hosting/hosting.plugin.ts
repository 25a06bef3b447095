import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { createCpanelLive } from '../../providers/hosting/cpanel-live';
import { createHostingDemo } from '../../providers/hosting/hosting-demo';
import type { HostingProvider } from '../../providers/hosting/port';
import { hostingRoutes } from './hosting.routes';
import { createHostingService } from './hosting.service';
import { createHostingSync } from './hosting.sync';

/**
 * The hosting provider HOSTING_PROVIDER names: the deterministic demo (default) or cPanel's
 * UAPI on HOSTING_CPANEL_URL, each connection's cPanel user and API token.
 */
export function createHostingProvider(
  opts: Pick<VendorAreaOptions, 'config' | 'recordCall'>,
): HostingProvider {
  const { hosting } = opts.config.vendors;
  if (hosting.mode === 'live') {
    if (!hosting.cpanelUrl) throw new Error('HOSTING_PROVIDER=live needs HOSTING_CPANEL_URL');
    return createCpanelLive({
      baseUrl: hosting.cpanelUrl,
      timeoutMs: hosting.timeoutMs,
      recordCall: opts.recordCall,
    });
  }
  return createHostingDemo();
}

/** Website hosting: the daily `hosting` sync on the vendor frame and the panel's route. */
export const hostingPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions & { provider?: HostingProvider }) => {
    const db = app.database.db;
    const provider = opts.provider ?? createHostingProvider(opts);
    app.vendorSync.registerSync(createHostingSync({ db, provider }));
    await app.register(hostingRoutes, {
      service: createHostingService({ db, mode: provider.mode }),
    });
  },
  { name: 'hosting', dependencies: ['vendor-sync'] },
);
