import { defineArea } from '../../platform/composition/area';
import { customRankArea } from '../custom-rank';
import { listingScansArea } from '../listing-scans';
import { rankGridArea } from '../rank-grid';
import { websitesArea } from '../websites';
import { salesToolPlugin } from './sales-tool.plugin';

/** The sales power tool: prospect containers, batches, analyses and the shared report. */
export const salesToolArea = defineArea({
  name: 'sales-tool',
  needs: [rankGridArea, customRankArea, listingScansArea, websitesArea],
  register: async (app, context, needs) => {
    await app.register(salesToolPlugin, { ...context, rankGrid: needs['rank-grid'].rankGrid });
  },
});
