import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Makes the open, migrated database available to every module, and closes it last. */
export const databasePlugin = fp(async (app: FastifyInstance, opts: { database: Database }) => {
  app.decorate('database', opts.database);
  app.addHook('onClose', async () => {
    await opts.database.close();
    app.log.info('database closed');
  });
});
