import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { createQaRepository } from './qa.repository';
import { qaRoutes } from './qa.routes';
import { createQaService } from './qa.service';

/**
 * Business Profile Q&A. Google retired its Q&A API on 3 November 2025, so unlike posts and
 * photos this area registers no sync and no outbox write, and has no live adapter: the
 * questions live in our database and the agency publishes answers on the profile by hand.
 */
export const qaPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions) => {
    const service = createQaService({
      db: app.database.db,
      repo: createQaRepository(app.database.db),
      llm: opts.llm,
      publishChanged: (companyId, questionId) =>
        app.realtime.publish({
          type: 'qa.changed',
          payload: { companyId, questionId },
          audience: { client: companyId },
        }),
    });
    await app.register(qaRoutes, { service });
  },
  { name: 'google-qa', dependencies: ['vendor-sync'] },
);
