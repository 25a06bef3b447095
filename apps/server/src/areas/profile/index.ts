import { defineArea } from '../../platform/composition/area';
import { clientsArea } from '../clients';
import { placesArea } from '../places';
import { profileRoutes } from './profile.routes';

/** A company's business profile. */
export const profileArea = defineArea({
  name: 'profile',
  needs: [clientsArea, placesArea],
  register: async (app, _context, needs) => {
    await app.register(profileRoutes, { places: needs.places.places });
  },
});
