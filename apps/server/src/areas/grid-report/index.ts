import { defineArea } from '../../platform/composition/area';
import { gridReportRoutes } from './grid-report.routes';

/** The rank grid report. */
export const gridReportArea = defineArea({
  name: 'grid-report',
  needs: [],
  register: async (app) => {
    await app.register(gridReportRoutes);
  },
});
