import { defineArea } from '../../platform/composition/area';
import { listingDirectoriesRoutes } from './listing-directories.routes';

/** The directories that business listings are checked on. */
export const listingDirectoriesArea = defineArea({
  name: 'listing-directories',
  needs: [],
  register: async (app) => {
    await app.register(listingDirectoriesRoutes);
  },
});
