import { defineArea } from '../../platform/composition/area';
import { reviewsArea } from '../reviews';
import { postsPlugin } from './posts.plugin';
import { seedPosts } from './posts.seed';

/** Google Business Profile posts: sync, scheduled publishing, approvals. */
export const postsArea = defineArea({
  name: 'posts',
  needs: [reviewsArea],
  register: async (app, context) => {
    await app.register(postsPlugin, context);
  },
  seed: (ctx, demo) => seedPosts(ctx, demo.products),
});
