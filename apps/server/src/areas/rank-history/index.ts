import { defineArea } from '../../platform/composition/area';
import { gridAlertsArea } from '../grid-alerts';
import { employeeHomeRoutes } from './employee-home.routes';
import { rankHistoryRoutes } from './rank-history.routes';
import { scanSeriesRoutes } from './scan-series.routes';
import { timelinesRoutes } from './timelines.routes';

/** Rank history: a grid's scans over time, timelines, and the employee's home. */
export const rankHistoryArea = defineArea({
  name: 'rank-history',
  needs: [gridAlertsArea],
  register: async (app) => {
    await app.register(rankHistoryRoutes);
    await app.register(scanSeriesRoutes);
    await app.register(timelinesRoutes);
    await app.register(employeeHomeRoutes);
  },
});
