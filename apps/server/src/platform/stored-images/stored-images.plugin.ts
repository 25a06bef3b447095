import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config/config';
import { loadLinkSecret } from '../../kernel/lib/signed-link';
import { createStoredImages, type StoredImages } from './stored-images';
import { storedImagesRoutes } from './stored-images.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded images, for the areas that take them (posts, photos). */
    storedImages: StoredImages;
  }
}

/** Stored images and their routes; areas that take uploads use `app.storedImages`. */
export const storedImagesPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig }) => {
    const linkSecret = await loadLinkSecret(app.database.db, opts.config.linkSecret);
    const images = createStoredImages({
      db: app.database.db,
      publicUrl: opts.config.publicUrl,
      linkSecret,
    });
    app.decorate('storedImages', images);
    await app.register(storedImagesRoutes, { images, linkSecret });
  },
  { name: 'stored-images' },
);
