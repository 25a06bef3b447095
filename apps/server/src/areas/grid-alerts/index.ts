import { defineArea } from '../../platform/composition/area';
import { rankGridArea } from '../rank-grid';
import { gridAlertsRoutes } from './grid-alerts.routes';

/** What other areas may use of grid-alerts (dependency-cruiser: areas meet through their index). */
export { GRID_ALERT_KIND } from './grid-alerts.repository';
export { toGridAlert } from './grid-alerts.service';

/** Grid alerts: raised by finished scans, listed and dismissed. */
export const gridAlertsArea = defineArea({
  name: 'grid-alerts',
  needs: [rankGridArea],
  register: async (app, _context, needs) => {
    await app.register(gridAlertsRoutes, { rankGrid: needs['rank-grid'].rankGrid });
  },
});
