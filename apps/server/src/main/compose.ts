import type { FastifyInstance } from 'fastify';
import { type AreaExports, areaCatalog } from '../areas/catalog';
import { loadDemoHints } from '../areas/reviews';
import type { AppConfig } from '../config/config';
import { accessPlugin } from '../kernel/http/access';
import { docsPlugin } from '../kernel/http/docs';
import { jobsPlugin } from '../kernel/http/jobs';
import { sameOriginPlugin } from '../kernel/http/same-origin';
import { securityPlugin } from '../kernel/http/security';
import { type AreaContext, registerAreas } from '../platform/composition/area';
import {
  decorateGateway,
  gatewayRoutes,
  isGatewayDispatch,
} from '../platform/gateway/gateway.routes';
import { identityRoutes } from '../platform/identity/identity.routes';
import { sessionPlugin } from '../platform/identity/session.plugin';
import { socialRoutes } from '../platform/identity/social/social.routes';
import { signInProviderCallNames } from '../platform/identity/social/social-providers';
import {
  type ImageProxyPluginOptions,
  imageProxyPlugin,
} from '../platform/image-proxy/image-proxy.plugin';
import { messagingPlugin } from '../platform/messaging/messaging.plugin';
import { productPagesRoutes } from '../platform/product-pages/product-pages.routes';
import { liveVendors } from '../platform/provider-registry/live-vendors';
import { createLlmProvider } from '../platform/provider-registry/vendor-providers';
import { realtimePlugin } from '../platform/realtime/realtime.plugin';
import { statusPlugin } from '../platform/status/status.plugin';
import { statusRoutes } from '../platform/status/status.routes';
import { storedImagesPlugin } from '../platform/stored-images/stored-images.plugin';
import { vendorConnectionsRoutes } from '../platform/vendor-connections/vendor-connections.routes';
import { vendorSyncPlugin } from '../platform/vendor-sync/vendor-sync.plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each area's exports by name (areas/catalog.ts); tests reach engines and ticks here. */
    areas: AreaExports;
  }
}

export interface ComposeOptions {
  config: AppConfig;
  /** Points the image proxy at local upstreams (tests and benchmarks only). */
  imageProxyFetcher?: ImageProxyPluginOptions['fetcher'];
}

/**
 * The one composition root: the platform every area stands on, in the order each part
 * needs the one before (written out below, one reason per step), then every area from its
 * descriptor (areas/catalog.ts, whose order the compiler checks against each area's
 * `needs`), then what serves all of them (the image proxy, the gateway). Areas reach each
 * other only through the exports this passes them, never through app decorations.
 */
export async function composeServer(app: FastifyInstance, options: ComposeOptions) {
  const { config } = options;
  const https = config.publicUrl?.startsWith('https:') ?? false;
  const scheduleTicks = config.jobs.workers && config.env !== 'test';

  await app.register(securityPlugin, { https, tileUrl: config.tiles.url });
  await app.register(docsPlugin);
  // The gateway's dispatch is recognised by the same-origin check, so it is decorated first.
  decorateGateway(app);
  await app.register(sameOriginPlugin, {
    publicUrl: config.publicUrl,
    fromGateway: (request) => isGatewayDispatch(app, request),
  });
  // The session, then the access check that reads it on every route.
  await app.register(sessionPlugin, { secureCookies: https });
  await app.register(accessPlugin);
  // Health probes and the provider-call counter, which jobs, vendor sync and areas use.
  await app.register(statusPlugin, {
    sampler: config.healthSampler,
    configuredProviders: [...signInProviderCallNames(config.social), ...liveVendors(config)],
  });
  await app.register(realtimePlugin, { publicUrl: config.publicUrl, ...config.realtime });
  // After status (its `job-queue` probe): the queue that jobs, syncs and writes run on.
  await app.register(jobsPlugin, { config: config.jobs, stopTimeoutMs: config.shutdownGraceMs });
  // After jobs: the vendor frame (syncs, the outbox of writes, gates, connections).
  await app.register(vendorSyncPlugin, {
    secretKey: config.secretKey,
    dataDir: config.database.kind === 'pglite' ? config.database.dataDir : null,
    scheduleTicks,
    gatePolicy: config.vendorGate,
  });
  await app.register(messagingPlugin, { config: config.messaging });
  await app.register(storedImagesPlugin, { config });

  await app.register(statusRoutes);
  await app.register(identityRoutes);
  await app.register(socialRoutes, {
    social: config.social,
    publicUrl: config.publicUrl,
    secureCookies: https,
  });
  await app.register(productPagesRoutes);
  await app.register(vendorConnectionsRoutes);

  // The demo adapters tell each seeded account's business from the seed's own hints.
  const demoHints = await loadDemoHints(app.database.db);
  const context: AreaContext = {
    config,
    recordCall: app.recordProviderCall,
    describeAccount: (account) => demoHints.get(account),
    llm: createLlmProvider(config.vendors, { recordCall: app.recordProviderCall }),
    scheduleTicks,
  };
  const exports = await registerAreas(app, context, areaCatalog.areas);
  app.decorate('areas', exports as AreaExports);

  await app.register(imageProxyPlugin, { config, fetcher: options.imageProxyFetcher });
  await app.register(gatewayRoutes);
}
