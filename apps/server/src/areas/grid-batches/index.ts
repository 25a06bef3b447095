import { defineArea } from '../../platform/composition/area';
import { rankGridArea } from '../rank-grid';
import { gridBatchesRoutes } from './grid-batches.routes';

/** Rank grid batches (the admins' "run grids"). */
export const gridBatchesArea = defineArea({
  name: 'grid-batches',
  needs: [rankGridArea],
  register: async (app, _context, needs) => {
    await app.register(gridBatchesRoutes, { rankGrid: needs['rank-grid'].rankGrid });
  },
});
