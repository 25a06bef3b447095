import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createApprovalRequests } from '../../platform/approvals/approval-requests';
import { createVendorConnectionsRepository } from '../../platform/vendor-connections/vendor-connections.repository';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { createOutboxRepository } from '../../platform/vendor-sync/outbox.repository';
import { createPostsProviders } from './create-posts-providers';
import { createPostsRepository } from './posts.repository';
import { postsRoutes } from './posts.routes';
import { createPostsService } from './posts.service';
import { createPostSyncs, createPostWrites, postMedia } from './posts.sync';
import { createPostsSyncRepository } from './posts-sync.repository';

/** Posts: their syncs and writes on the vendor frame, and their routes. */
export const postsPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions) => {
    const db = app.database.db;
    const { config } = opts;
    const repo = createPostsRepository(db);
    const outbox = createOutboxRepository(db);
    const providers = createPostsProviders(config.vendors, {
      recordCall: opts.recordCall,
      describeAccount: opts.describeAccount,
    });
    const images = app.storedImages;
    const deps = {
      repo,
      syncRepo: createPostsSyncRepository(db),
      outbox,
      providers,
      events: app.realtime,
      media: postMedia(images, config.publicUrl),
    };
    for (const sync of createPostSyncs(deps)) app.vendorSync.registerSync(sync);
    for (const write of createPostWrites(deps)) app.vendorSync.registerWrite(write);
    const service = createPostsService({
      db,
      repo,
      outbox,
      connections: createVendorConnectionsRepository(db),
      images,
      vendorSync: app.vendorSync,
      events: app.realtime,
      approvals: createApprovalRequests(db, app.realtime),
    });
    await app.register(postsRoutes, { service });
  },
  { name: 'posts', dependencies: ['vendor-sync', 'stored-images'] },
);
