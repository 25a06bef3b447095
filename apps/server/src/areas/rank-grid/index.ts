import { defineArea } from '../../platform/composition/area';
import { registerRankGrid } from './rank-grid.plugin';
import { rankGridRoutes } from './rank-grid.routes';

/** What other areas may use of rank-grid (dependency-cruiser: areas meet through their index). */
export type { RankGridEngine } from './rank-grid.engine';
export type { RankGridRepository } from './rank-grid.repository';
export type { RankGridService, StartScanInput } from './rank-grid.service';
// The demo seed measures its grids the way a scan does.
export {
  type MeasuredPoint,
  measuredOutcome,
  type ScanBusiness,
  searchPoint,
  summariseScan,
} from './scan-measurement';
export { isTrialCaller } from './scan-quota';

/** The rank grid engine (scans, one search job per point) and its scan routes. */
export const rankGridArea = defineArea({
  name: 'rank-grid',
  needs: [],
  register: async (app, { config }) => {
    const { rankGrid } = await registerRankGrid(app, {
      search: config.search,
      quota: config.scanQuota,
    });
    await app.register(rankGridRoutes, { rankGrid });
    return { rankGrid };
  },
});
