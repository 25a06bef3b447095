import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES } from './app-limits';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { openDatabase } from './db/open-database';
import { loggerOptions, requestId } from './lib/logger';
import { accountEmailsPlugin } from './modules/account-emails/account-emails.plugin';
import { activityRoutes } from './modules/activity/activity.routes';
import { adSpecRoutes } from './modules/ad-spec/ad-spec.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { callTrackingPlugin } from './modules/call-tracking/call-tracking.plugin';
import { syncProductCatalog } from './modules/catalog/product-catalog';
import { clientSettingsRoutes } from './modules/client-settings/client-settings.routes';
import { clientUsersRoutes } from './modules/client-users/client-users.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { customRankRoutes } from './modules/custom-rank/custom-rank.routes';
import { trialRoutes } from './modules/custom-rank/trial.routes';
import { devPagesPlugin } from './modules/dev-pages/dev-pages.plugin';
import { errorLogsRoutes } from './modules/error-logs/error-logs.routes';
import { fbadsPlugin } from './modules/facebook-ads/fbads.plugin';
import { decorateGateway, gatewayRoutes } from './modules/gateway/gateway.routes';
import { googleAdsPlugin } from './modules/google-ads/google-ads.plugin';
import { qaPlugin } from './modules/google-qa/qa.plugin';
import { gridAlertsRoutes } from './modules/grid-alerts/grid-alerts.routes';
import { gridBatchesRoutes } from './modules/grid-batches/grid-batches.routes';
import { gridConfigsPlugin } from './modules/grid-configs/grid-configs.plugin';
import { gridReportRoutes } from './modules/grid-report/grid-report.routes';
import { hostingPlugin } from './modules/hosting/hosting.plugin';
import { identityRoutes } from './modules/identity/identity.routes';
import { sessionPlugin } from './modules/identity/session.plugin';
import { socialRoutes } from './modules/identity/social/social.routes';
import { signInProviderCallNames } from './modules/identity/social/social-providers';
import {
  type ImageProxyPluginOptions,
  imageProxyPlugin,
} from './modules/image-proxy/image-proxy.plugin';
import { leadsRoutes } from './modules/leads/leads.routes';
import { leadsCenterPlugin } from './modules/leads-center/leads-center.plugin';
import { listingDirectoriesRoutes } from './modules/listing-directories/listing-directories.routes';
import { listingScansPlugin } from './modules/listing-scans/listing-scans.plugin';
import { listingsPlugin } from './modules/listings/listings.plugin';
import { lsaPlugin } from './modules/lsa/lsa.plugin';
import { messagingPlugin } from './modules/messaging/messaging.plugin';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { overviewRoutes } from './modules/overview/overview.routes';
import { pageSpeedPlugin } from './modules/page-speed/page-speed.plugin';
import { paymentsPlugin } from './modules/payments/payments.plugin';
import { performanceReportPlugin } from './modules/performance-report/performance.plugin';
import { photosPlugin } from './modules/photos/photos.plugin';
import { GOOGLE_PLACES_PROVIDER } from './modules/places/google-places';
import { placesPlugin } from './modules/places/places.plugin';
import { placesRoutes } from './modules/places/places.routes';
import { postsPlugin } from './modules/posts/posts.plugin';
import { productPagesRoutes } from './modules/product-pages/product-pages.routes';
import { productsRoutes } from './modules/products/products.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { qrCodesPlugin } from './modules/qr-codes/qr-codes.plugin';
import { rankGifRoutes } from './modules/rank-gif/rank-gif.routes';
import { rankGridPlugin } from './modules/rank-grid/rank-grid.plugin';
import { rankGridRoutes } from './modules/rank-grid/rank-grid.routes';
import { employeeHomeRoutes } from './modules/rank-history/employee-home.routes';
import { rankHistoryRoutes } from './modules/rank-history/rank-history.routes';
import { scanSeriesRoutes } from './modules/rank-history/scan-series.routes';
import { timelinesRoutes } from './modules/rank-history/timelines.routes';
import { realtimePlugin } from './modules/realtime/realtime.plugin';
import { solicitationPlugin } from './modules/review-solicitation/solicitation.plugin';
import { loadDemoHints } from './modules/reviews/demo-account-hints';
import { reviewsPlugin } from './modules/reviews/reviews.plugin';
import { roiRoutes } from './modules/roi/roi.routes';
import { salesToolPlugin } from './modules/sales-tool/sales-tool.plugin';
import { scanShareRoutes } from './modules/scan-share/scan-share.routes';
import { statusPlugin } from './modules/status/status.plugin';
import { statusRoutes } from './modules/status/status.routes';
import { storedImagesPlugin } from './modules/stored-images/stored-images.plugin';
import { supportRequestsRoutes } from './modules/support-requests/support-requests.routes';
import { systemRoutes } from './modules/system/system.routes';
import { vendorConnectionsRoutes } from './modules/vendor-connections/vendor-connections.routes';
import { vendorSyncPlugin } from './modules/vendor-sync/vendor-sync.plugin';
import { verticalsRoutes } from './modules/verticals/verticals.routes';
import { websiteFormsPlugin } from './modules/website-forms/website-forms.plugin';
import { websitesPlugin } from './modules/websites/websites.plugin';
import { accessPlugin } from './plugins/access';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin, frameworkErrorReply } from './plugins/errors';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { jobsPlugin } from './plugins/jobs';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';
import { createLlmProvider, createReviewsProviders } from './providers/create-vendor-providers';
import { DATAFORSEO_PROVIDER } from './providers/search/dataforseo-search';
import { seedDemoAgency } from './seed/demo-agency';

export interface BuildAppOptions {
  config: AppConfig;
  /** An already open and migrated database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** Extra routes registered after the modules and before the web app (tests only). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** Points the image proxy at local upstreams (tests and benchmarks only). */
  imageProxyFetcher?: ImageProxyPluginOptions['fetcher'];
}

async function openAndMigrate(config: AppConfig): Promise<Database> {
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Builds the whole server. Plugins load in layers: infrastructure (errors, database,
 * security headers, docs, access control), then the area modules, then the web app.
 * The app owns the database from here on and closes it when the app closes.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const database = options.database ?? (await openAndMigrate(config));
  const https = config.publicUrl?.startsWith('https:') ?? false;

  const app = Fastify({
    logger: { ...loggerOptions(config), ...(options.logStream && { stream: options.logStream }) },
    genReqId: requestId,
    bodyLimit: BODY_LIMIT_BYTES,
    // Keep-alive sockets with no request in flight are closed at shutdown; in-flight
    // requests are let finish (see server.ts).
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorReply,
    // While closing, requests already on an open connection are served (with `Connection:
    // close`, plugins/graceful-close.ts) rather than refused with 503: the balancer has
    // stopped sending new ones, and these arrived before it knew.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  try {
    await app.register(errorsPlugin);
    await app.register(gracefulClosePlugin);
    await app.register(databasePlugin, { database });
    await syncProductCatalog(database.db);
    if (config.demoAccounts) {
      const report = await seedDemoAgency(database.db);
      if (report.seeded)
        app.log.info(
          { ms: Math.round(report.ms), counts: report.counts },
          'seeded the demo agency',
        );
    }
    await app.register(securityPlugin, { https, tileUrl: config.tiles.url });
    await app.register(docsPlugin);
    decorateGateway(app);
    await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });
    await app.register(sessionPlugin, { secureCookies: https });
    await app.register(accessPlugin);
    // Before the area modules, so each can register its health probe (app.healthProbes).
    await app.register(statusPlugin, {
      sampler: config.healthSampler,
      configuredProviders: [
        ...signInProviderCallNames(config.social),
        ...(config.places.provider === 'google' ? [GOOGLE_PLACES_PROVIDER] : []),
        ...(config.search.provider === 'dataforseo' ? [DATAFORSEO_PROVIDER] : []),
        ...(config.vendors.googleBusinessProfile.mode === 'live'
          ? ['google-business-profile']
          : []),
        ...(config.vendors.facebookPage.mode === 'live' ? ['facebook-page'] : []),
        ...(config.vendors.googleAds.mode === 'live' ? ['google-ads'] : []),
        ...(config.vendors.llm.mode === 'gemini' ? ['gemini'] : []),
        ...(config.seo.provider === 'dataforseo' ? ['seo'] : []),
        ...(config.vendors.payments.mode === 'stripe' ? ['stripe'] : []),
        ...(config.messaging.sms.mode === 'twilio' ? ['twilio'] : []),
      ],
    });
    await app.register(realtimePlugin, { publicUrl: config.publicUrl, ...config.realtime });
    // After status (its `job-queue` probe), before the modules (they register their jobs).
    await app.register(jobsPlugin, { config: config.jobs, stopTimeoutMs: config.shutdownGraceMs });
    // After jobs, before the areas that register their syncs and writes on it.
    await app.register(vendorSyncPlugin, {
      secretKey: config.secretKey,
      dataDir: config.database.kind === 'pglite' ? config.database.dataDir : null,
      scheduleTicks: config.jobs.workers && config.env !== 'test',
      gatePolicy: config.vendorGate,
    });
    // Email and SMS, before the areas that send (account emails, review requests).
    await app.register(messagingPlugin, { config: config.messaging });
    // Invitations and password resets (and the staff's dev outbox), before client users.
    await app.register(accountEmailsPlugin, {
      publicUrl: config.publicUrl,
      linkSecret: config.linkSecret,
    });
    await app.register(placesPlugin, { config: config.places });
    await app.register(rankGridPlugin, { search: config.search, quota: config.scanQuota });

    await app.register(systemRoutes, {
      publicUrl: config.publicUrl,
      tiles: config.tiles,
      agency: config.agency,
    });
    await app.register(statusRoutes);
    await app.register(identityRoutes);
    await app.register(socialRoutes, {
      social: config.social,
      publicUrl: config.publicUrl,
      secureCookies: https,
    });
    await app.register(clientsRoutes);
    await app.register(clientSettingsRoutes);
    await app.register(errorLogsRoutes);
    await app.register(alertsRoutes, {
      publicUrl: config.publicUrl,
      linkSecret: config.linkSecret,
    });
    await app.register(notificationsRoutes);
    await app.register(productsRoutes);
    await app.register(productPagesRoutes);
    await app.register(supportRequestsRoutes);
    await app.register(vendorConnectionsRoutes);
    await app.register(activityRoutes);
    await app.register(billingRoutes, { agency: config.agency });
    await app.register(overviewRoutes);
    await app.register(roiRoutes);
    await app.register(placesRoutes);
    await app.register(profileRoutes);
    await app.register(clientUsersRoutes);
    await app.register(leadsRoutes);
    await app.register(listingDirectoriesRoutes);
    await app.register(rankGridRoutes);
    await app.register(scanShareRoutes, {
      publicUrl: config.publicUrl,
      linkSecret: config.linkSecret,
    });
    await app.register(rankGifRoutes);
    await app.register(gridAlertsRoutes);
    await app.register(rankHistoryRoutes);
    await app.register(scanSeriesRoutes);
    await app.register(timelinesRoutes);
    await app.register(employeeHomeRoutes);
    await app.register(gridBatchesRoutes);
    await app.register(gridReportRoutes);
    await app.register(verticalsRoutes);
    await app.register(customRankRoutes);
    await app.register(trialRoutes);
    await app.register(gridConfigsPlugin, {
      scheduleTicks: config.jobs.workers && config.env !== 'test',
    });
    const demoHints = await loadDemoHints(database.db);
    const llm = createLlmProvider(config.vendors, { recordCall: app.recordProviderCall });
    await app.register(reviewsPlugin, {
      providers: createReviewsProviders(config.vendors, {
        recordCall: app.recordProviderCall,
        describeAccount: (account) => demoHints.get(account),
      }),
      llm,
    });
    // The other vendor-data areas build their own providers from the same options.
    const area = {
      config,
      recordCall: app.recordProviderCall,
      describeAccount: (account: string) => demoHints.get(account),
      llm,
    };
    await app.register(storedImagesPlugin, { config });
    await app.register(postsPlugin, area);
    await app.register(photosPlugin, area);
    await app.register(qaPlugin, area);
    // Before listings: its summary route hands the listings products to app.listingScans.
    await app.register(listingScansPlugin, area);
    await app.register(listingsPlugin, area);
    await app.register(lsaPlugin, area);
    await app.register(callTrackingPlugin, area);
    await app.register(fbadsPlugin, area);
    await app.register(performanceReportPlugin, area);
    await app.register(googleAdsPlugin, area);
    await app.register(pageSpeedPlugin, area);
    // Before website forms, which hands each new message to app.leadsCenter.
    await app.register(leadsCenterPlugin, {
      scheduleTicks: config.jobs.workers && config.env !== 'test',
    });
    await app.register(websiteFormsPlugin);
    await app.register(solicitationPlugin, {
      scheduleTicks: config.jobs.workers && config.env !== 'test',
      publicUrl: config.publicUrl,
      linkSecret: config.linkSecret,
      agencyName: config.agency.name,
      sendExpireSeconds: config.jobs.expireSeconds?.['solicitation.send'],
      recoverSends: config.jobs.workers,
      twilioAuthToken:
        config.messaging.sms.mode === 'twilio' ? (config.messaging.sms.authToken ?? null) : null,
    });
    await app.register(hostingPlugin, area);
    await app.register(qrCodesPlugin, area);
    await app.register(websitesPlugin, area);
    await app.register(adSpecRoutes);
    // After the rank grid engine, listing scans and page speed, whose services it uses.
    await app.register(salesToolPlugin, area);
    await app.register(devPagesPlugin, area);
    await app.register(paymentsPlugin, { config, recordCall: app.recordProviderCall });
    await app.register(imageProxyPlugin, { config, fetcher: options.imageProxyFetcher });
    await app.register(gatewayRoutes);
    if (options.extraRoutes) await app.register(async (scope) => options.extraRoutes?.(scope));

    await app.register(webAppPlugin, { distDir: config.webDistDir });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}
