import { defineArea } from '../../platform/composition/area';
import { roiRoutes } from './roi.routes';

/** What other areas may use of roi (dependency-cruiser: areas meet through their index). */
export { spanTotal, spendBySpan } from './roi-spend';

/** Leads and ROI. */
export const roiArea = defineArea({
  name: 'roi',
  needs: [],
  register: async (app) => {
    await app.register(roiRoutes);
  },
});
