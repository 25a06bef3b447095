import { demoGooglePost } from '../kernel/demo-post-text';
import { createDemoPostsProvider } from '../kernel/demo-posts-core';
import type { DemoBusinessHint } from '../kernel/demo-review-text';
import type { PostsProvider } from '../kernel/posts-port';
import { GBP_VENDOR } from '../kernel/vendor-ids';

export interface GbpPostsDemoOptions {
  /** The demo's seed; the same seed and location always give the same posts. */
  seed?: string;
  now?: () => Date;
  /** The business behind a location, so its posts fit it (name, trade). */
  describe?: (externalAccount: string) => DemoBusinessHint | null | undefined;
}

/**
 * Business Profile local posts without Google: about two a week per location over the last
 * 18 months (updates, events and offers, most with a button), their views and button
 * clicks growing with age, and posts created or deleted through it visible on the next list.
 */
export function createGbpPostsDemo(options: GbpPostsDemoOptions = {}): PostsProvider {
  return createDemoPostsProvider({
    vendor: GBP_VENDOR,
    seed: `${options.seed ?? 'pinpoint-demo'}/google-posts`,
    now: options.now ?? (() => new Date()),
    everyDays: 3.5,
    reach: [120, 900],
    describe: options.describe,
    // A local post's name: its location's, then a long numeric id.
    externalId: (account, bits) => {
      const [a = 0, b = 0] = bits(2);
      return `${account}/localPosts/${a}${String(b).padStart(10, '0')}`;
    },
    searchUrl: (name) =>
      `https://local.google.com/place?use=posts&lpsid=${encodeURIComponent(name.split('/').pop() ?? '')}`,
    generate: (random, hint, at) => demoGooglePost(random, hint, at),
  });
}
