import { defineArea } from '../../platform/composition/area';
import { websitesArea } from '../websites';
import { performanceReportPlugin } from './performance.plugin';
import { seedPerformance } from './performance.seed';

/** A product's performance report. */
export const performanceReportArea = defineArea({
  name: 'performance-report',
  needs: [websitesArea],
  register: async (app, context) => {
    await app.register(performanceReportPlugin, context);
  },
  seed: (ctx, demo) => seedPerformance(ctx, demo.products),
});
