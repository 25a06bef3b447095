import type { VendorConfig } from '../../config/vendor-config';
import type { VendorProviderDeps } from '../../platform/provider-registry/vendor-providers';
import { createFbPostsDemo } from '../../providers/facebook-page/fb-posts-demo';
import { createFbPostsLive } from '../../providers/facebook-page/fb-posts-live';
import { createGbpPostsDemo } from '../../providers/google-business-profile/gbp-posts-demo';
import { createGbpPostsLive } from '../../providers/google-business-profile/gbp-posts-live';
import type { PostProviders } from './posts.sync';

/**
 * The posts providers GBP_PROVIDER and FACEBOOK_PAGE_PROVIDER name (the same switches as
 * reviews). Build them once per process: a demo adapter keeps the posts written through it
 * in memory.
 */
export function createPostsProviders(
  config: VendorConfig,
  deps: VendorProviderDeps,
): PostProviders {
  const demo = { seed: deps.demoSeed, now: deps.now, describe: deps.describeAccount };
  const { googleBusinessProfile: gbp, facebookPage: fb } = config;
  return {
    google:
      gbp.mode === 'live'
        ? createGbpPostsLive({
            baseUrl: gbp.baseUrl,
            timeoutMs: gbp.timeoutMs,
            recordCall: deps.recordCall,
            fetchImpl: deps.fetchImpl,
          })
        : createGbpPostsDemo(demo),
    facebook:
      fb.mode === 'live'
        ? createFbPostsLive({
            baseUrl: fb.baseUrl,
            graphVersion: fb.graphVersion,
            timeoutMs: fb.timeoutMs,
            recordCall: deps.recordCall,
            fetchImpl: deps.fetchImpl,
          })
        : createFbPostsDemo(demo),
  };
}
