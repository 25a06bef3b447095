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
import { clientsRoutes } from './modules/clients/clients.routes';
import { errorLogsRoutes } from './modules/error-logs/error-logs.routes';
import { decorateGateway, gatewayRoutes } from './modules/gateway/gateway.routes';
import { seedDemoAccounts } from './modules/identity/demo-accounts';
import { identityRoutes } from './modules/identity/identity.routes';
import { sessionPlugin } from './modules/identity/session.plugin';
import { socialRoutes } from './modules/identity/social/social.routes';
import { systemRoutes } from './modules/system/system.routes';
import { accessPlugin } from './plugins/access';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { gracefulClosePlugin } from './plugins/graceful-close';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityPlugin } from './plugins/security';
import { webAppPlugin } from './plugins/web-app';

export interface BuildAppOptions {
  config: AppConfig;
  /** An already open and migrated database (tests); otherwise one is opened from the config. */
  database?: Database;
  /** Extra routes registered after the modules and before the web app (tests only). */
  extraRoutes?: (app: FastifyInstance) => Promise<void> | void;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
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
    if (config.demoAccounts && (await seedDemoAccounts(database.db))) {
      app.log.info('created the demo accounts');
    }
    await app.register(securityPlugin, { https });
    await app.register(docsPlugin);
    decorateGateway(app);
    await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });
    await app.register(sessionPlugin, { secureCookies: https });
    await app.register(accessPlugin);

    await app.register(systemRoutes, { publicUrl: config.publicUrl });
    await app.register(identityRoutes);
    await app.register(socialRoutes, {
      social: config.social,
      publicUrl: config.publicUrl,
      secureCookies: https,
    });
    await app.register(clientsRoutes);
    await app.register(errorLogsRoutes);
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
