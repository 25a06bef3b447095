import { defineArea } from '../../platform/composition/area';
import { registerPlaces } from './places.plugin';
import { placesRoutes } from './places.routes';

/** What other areas may use of places (dependency-cruiser: areas meet through their index). */
export { createPlacesService, type PlacesService } from './places.service';

/** The places search (demo gazetteer or Google Places), for the areas that need it. */
export const placesArea = defineArea({
  name: 'places',
  needs: [],
  register: async (app, { config }) => {
    const { places } = await registerPlaces(app, { config: config.places });
    await app.register(placesRoutes, { places });
    return { places };
  },
});
