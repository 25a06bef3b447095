import { defineArea } from '../../platform/composition/area';
import { rankGridArea } from '../rank-grid';
import { rankGifRoutes } from './rank-gif.routes';

/** Animated rank history (GIF) of a grid. */
export const rankGifArea = defineArea({
  name: 'rank-gif',
  needs: [rankGridArea],
  register: async (app, _context, needs) => {
    await app.register(rankGifRoutes, { rankGrid: needs['rank-grid'].rankGrid });
  },
});
