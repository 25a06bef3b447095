import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from '../config/config';
import type { Database } from '../kernel/db/database';
import { openDatabase } from '../kernel/db/open-database';
import { BODY_LIMIT_BYTES } from '../kernel/http/body-limit';
import { databasePlugin } from '../kernel/http/database';
import { errorsPlugin, frameworkErrorReply } from '../kernel/http/errors';
import { gracefulClosePlugin } from '../kernel/http/graceful-close';
import { webAppPlugin } from '../kernel/http/web-app';
import { loggerOptions, requestId } from '../kernel/lib/logger';
import { syncProductCatalog } from '../platform/catalog/product-catalog';
import type { ImageProxyPluginOptions } from '../platform/image-proxy/image-proxy.plugin';
import { seedDemoAgency } from '../seed/demo-agency';
import { composeServer } from './compose';

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
    await composeServer(app, { config, imageProxyFetcher: options.imageProxyFetcher });
    if (options.extraRoutes) await app.register(async (scope) => options.extraRoutes?.(scope));

    await app.register(webAppPlugin, { distDir: config.webDistDir });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => {});
    throw error;
  }
  return app;
}
