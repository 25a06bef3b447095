import { demoFacebookPost } from '../kernel/demo-post-text';
import { createDemoPostsProvider } from '../kernel/demo-posts-core';
import type { DemoBusinessHint } from '../kernel/demo-review-text';
import type { PostsProvider } from '../kernel/posts-port';
import { FACEBOOK_VENDOR } from '../kernel/vendor-ids';

export interface FbPostsDemoOptions {
  /** The demo's seed; the same seed and page always give the same posts. */
  seed?: string;
  now?: () => Date;
  /** The business behind a page, so its posts fit it. */
  describe?: (pageId: string) => DemoBusinessHint | null | undefined;
}

/**
 * A Facebook page's feed without Facebook: about three posts a week over the last 18
 * months, some with a link, their impressions and clicks growing with age, and posts
 * created or deleted through it visible on the next list.
 */
export function createFbPostsDemo(options: FbPostsDemoOptions = {}): PostsProvider {
  return createDemoPostsProvider({
    vendor: FACEBOOK_VENDOR,
    seed: `${options.seed ?? 'pinpoint-demo'}/facebook-posts`,
    now: options.now ?? (() => new Date()),
    everyDays: 7 / 3,
    reach: [200, 2500],
    describe: options.describe,
    // A page post's id: `{page}_{digits}`.
    externalId: (pageId, bits) => {
      const [a = 0, b = 0] = bits(2);
      return `${pageId}_${String(a).padStart(10, '0')}${String(b % 100_000).padStart(5, '0')}`;
    },
    searchUrl: (id) => `https://www.facebook.com/${id}`,
    generate: (random, hint) => demoFacebookPost(random, hint),
  });
}
