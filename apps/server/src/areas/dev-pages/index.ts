import { defineArea } from '../../platform/composition/area';
import { devPagesPlugin } from './dev-pages.plugin';
import { seedDevPages } from './dev-pages.seed';

/** The staff's developer pages. */
export const devPagesArea = defineArea({
  name: 'dev-pages',
  needs: [],
  register: async (app, context) => {
    await app.register(devPagesPlugin, context);
  },
  seed: (ctx) => seedDevPages(ctx),
});
