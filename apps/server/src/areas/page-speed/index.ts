import { defineArea } from '../../platform/composition/area';
import { websitesArea } from '../websites';
import { registerPageSpeed } from './page-speed.plugin';
import { seedPageSpeed } from './page-speed.seed';

/** Page speed of the website products: runs as jobs and a monthly schedule. */
export const pageSpeedArea = defineArea({
  name: 'page-speed',
  needs: [websitesArea],
  register: (app, context) => registerPageSpeed(app, context),
  seed: (ctx, demo) => seedPageSpeed(ctx, demo.products),
});
