import { defineArea } from '../../platform/composition/area';
import { websitesArea } from '../websites';
import { hostingPlugin } from './hosting.plugin';
import { seedHosting } from './hosting.seed';

/** Website hosting: plans, usage and backups. */
export const hostingArea = defineArea({
  name: 'hosting',
  needs: [websitesArea],
  register: async (app, context) => {
    await app.register(hostingPlugin, context);
  },
  seed: (ctx, demo) => seedHosting(ctx, demo.products),
});
