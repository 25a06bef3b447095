import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createVendorConnectionsRepository } from '../../platform/vendor-connections/vendor-connections.repository';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { createGbpMediaDemo } from '../../providers/google-business-profile/gbp-media-demo';
import { createGbpMediaLive } from '../../providers/google-business-profile/gbp-media-live';
import { createPhotosRepository } from './photos.repository';
import { photosRoutes } from './photos.routes';
import { createPhotosService } from './photos.service';
import { createPhotoSync, createPhotoWrites } from './photos.sync';

/** Business Profile photos: their sync and writes on the vendor frame, and their routes. */
export const photosPlugin = fp(
  async (app: FastifyInstance, opts: VendorAreaOptions) => {
    const db = app.database.db;
    const gbp = opts.config.vendors.googleBusinessProfile;
    const provider =
      gbp.mode === 'live'
        ? createGbpMediaLive({
            baseUrl: gbp.baseUrl,
            timeoutMs: gbp.timeoutMs,
            recordCall: opts.recordCall,
          })
        : createGbpMediaDemo();
    const repo = createPhotosRepository(db);
    const deps = { repo, provider, images: app.storedImages, events: app.realtime };
    app.vendorSync.registerSync(createPhotoSync(deps));
    for (const write of createPhotoWrites(deps)) app.vendorSync.registerWrite(write);
    const service = createPhotosService({
      db,
      repo,
      connections: createVendorConnectionsRepository(db),
      images: app.storedImages,
      enqueueWrite: (row) => app.vendorSync.enqueueWrite(row),
      publishChanged: (companyId, photoId, state) =>
        app.realtime.publish({
          type: 'photo.changed',
          payload: { companyId, photoId, state },
          audience: { client: companyId },
        }),
    });
    await app.register(photosRoutes, { service });
  },
  { name: 'photos', dependencies: ['vendor-sync', 'stored-images'] },
);
