import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createApprovalRequests } from '../../platform/approvals/approval-requests';
import { createVendorConnectionsRepository } from '../../platform/vendor-connections/vendor-connections.repository';
import { createOutboxRepository } from '../../platform/vendor-sync/outbox.repository';
import type { LlmProvider } from '../../providers/llm/port';
import { createReviewsRepository } from './reviews.repository';
import { reviewsRoutes } from './reviews.routes';
import { createReviewsService } from './reviews.service';
import { createReviewSyncs, createReviewWrites, type ReviewProviders } from './reviews.sync';

export interface ReviewsPluginOptions {
  providers: ReviewProviders;
  llm: LlmProvider;
}

/** Reviews: their syncs and reply writes on the vendor frame, and their routes. */
export const reviewsPlugin = fp(
  async (app: FastifyInstance, opts: ReviewsPluginOptions) => {
    const db = app.database.db;
    const repo = createReviewsRepository(db);
    const deps = { repo, providers: opts.providers, events: app.realtime };
    for (const sync of createReviewSyncs(deps)) app.vendorSync.registerSync(sync);
    for (const write of createReviewWrites(deps)) app.vendorSync.registerWrite(write);
    const service = createReviewsService({
      db,
      repo,
      outbox: createOutboxRepository(db),
      connections: createVendorConnectionsRepository(db),
      llm: opts.llm,
      approvals: createApprovalRequests(db, app.realtime),
      enqueueWrite: (row) => app.vendorSync.enqueueWrite(row),
    });
    await app.register(reviewsRoutes, { service });
  },
  { name: 'reviews', dependencies: ['vendor-sync'] },
);
