import { defineArea } from '../../platform/composition/area';
import { photosPlugin } from './photos.plugin';
import { seedPhotos } from './photos.seed';

/** Google Business Profile photos. */
export const photosArea = defineArea({
  name: 'photos',
  needs: [],
  register: async (app, context) => {
    await app.register(photosPlugin, context);
  },
  seed: (ctx, demo) => seedPhotos(ctx, demo.products),
});
