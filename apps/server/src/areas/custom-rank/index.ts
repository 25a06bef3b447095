import { defineArea } from '../../platform/composition/area';
import { placesArea } from '../places';
import { rankGridArea } from '../rank-grid';
import { customRankRoutes } from './custom-rank.routes';
import { trialRoutes } from './trial.routes';

/** What other areas may use of custom-rank (dependency-cruiser: areas meet through their index). */
export { type CustomRankRepository, createCustomRankRepository } from './custom-rank.repository';

/** Custom rank: employees' prospect companies and one-off grids, and the trial leads' area. */
export const customRankArea = defineArea({
  name: 'custom-rank',
  needs: [rankGridArea, placesArea],
  register: async (app, _context, needs) => {
    const { rankGrid } = needs['rank-grid'];
    await app.register(customRankRoutes, { rankGrid, places: needs.places.places });
    await app.register(trialRoutes, { rankGrid });
  },
});
