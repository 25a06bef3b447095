import { defineArea } from '../../platform/composition/area';
import { qaPlugin } from './qa.plugin';
import { seedQa } from './qa.seed';

/** Google Business Profile questions and answers. */
export const googleQaArea = defineArea({
  name: 'google-qa',
  needs: [],
  register: async (app, context) => {
    await app.register(qaPlugin, context);
  },
  seed: (ctx, demo) => seedQa(ctx, demo.products),
});
