import type { PageSpeedScores, PageSpeedStrategy, PageSpeedVitals } from '@pinpoint/contracts';
import type { PAGE_SPEED_VENDOR } from '../kernel/vendor-ids';

export const PAGE_SPEED_LABEL = 'PageSpeed Insights';

/** One measurement of a page for one strategy. */
export interface PageSpeedResult {
  scores: PageSpeedScores;
  vitals: PageSpeedVitals;
}

/** The page to measure: always a site's stored URL, resolved by the service, never a caller's. */
export interface PageSpeedTarget {
  url: string;
  /**
   * A seeded demo site on the app's own origin: the one address the demo adapter may fetch
   * although it is loopback or private. Everything else must resolve to public addresses.
   */
  ownDemoSite: boolean;
}

/**
 * SPEC §7's direct GET to a page-speed service (`url`, `category`, `strategy`). The live
 * adapter is PageSpeed Insights v5; the demo adapter measures the site's HTML itself.
 */
export interface PageSpeedProvider {
  readonly vendor: typeof PAGE_SPEED_VENDOR;
  readonly mode: 'demo' | 'live';
  run(
    target: PageSpeedTarget,
    strategy: PageSpeedStrategy,
    signal?: AbortSignal,
  ): Promise<PageSpeedResult>;
}
