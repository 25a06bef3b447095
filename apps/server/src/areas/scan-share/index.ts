import { defineArea } from '../../platform/composition/area';
import { rankGridArea } from '../rank-grid';
import { scanShareRoutes } from './scan-share.routes';

/** Shared links to a scan. */
export const scanShareArea = defineArea({
  name: 'scan-share',
  needs: [rankGridArea],
  register: async (app, { config }, needs) => {
    await app.register(scanShareRoutes, {
      publicUrl: config.publicUrl,
      linkSecret: config.linkSecret,
      rankGrid: needs['rank-grid'].rankGrid,
    });
  },
});
