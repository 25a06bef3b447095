import type { LookupFunction } from 'node:net';
import type { PageSpeedStrategy } from '@pinpoint/contracts';
import { VendorError } from '../kernel/vendor-errors';
import { PAGE_SPEED_VENDOR } from '../kernel/vendor-ids';
import { measureHtml, scoreFacts } from './demo-scoring';
import { PAGE_SPEED_LABEL, type PageSpeedProvider, type PageSpeedTarget } from './port';
import { type FetchedPage, fetchSitePage, SitePageError } from './site-page-fetch';

export interface PageSpeedDemoOptions {
  /** Replaces the HTTP fetch (unit tests of the scoring). */
  fetchPage?: (target: PageSpeedTarget, signal?: AbortSignal) => Promise<FetchedPage>;
  lookup?: LookupFunction;
  timeoutMs?: number;
}

/**
 * The demo page-speed service: "computes from the site". It fetches the site's page over
 * HTTP (the uptime checker's safety rules) and scores what it measures (`demo-scoring.ts`).
 * No vendor is called, so nothing is counted for the status page.
 */
export function createPageSpeedDemo(options: PageSpeedDemoOptions = {}): PageSpeedProvider {
  const fetchPage =
    options.fetchPage ??
    ((target: PageSpeedTarget, signal?: AbortSignal) =>
      fetchSitePage(target.url, {
        trustOrigin: target.ownDemoSite,
        lookup: options.lookup,
        timeoutMs: options.timeoutMs,
        signal,
      }));
  return {
    vendor: PAGE_SPEED_VENDOR,
    mode: 'demo',
    async run(target, strategy: PageSpeedStrategy, signal) {
      let page: FetchedPage;
      try {
        page = await fetchPage(target, signal);
      } catch (error) {
        if (error instanceof SitePageError) {
          throw new VendorError(
            PAGE_SPEED_VENDOR,
            error.kind === 'blocked' || error.kind === 'not_html' || error.kind === 'too_large'
              ? 'invalid'
              : 'unavailable',
            error.message,
          );
        }
        throw new VendorError(
          PAGE_SPEED_VENDOR,
          'unavailable',
          `${PAGE_SPEED_LABEL} (demo) could not measure the site.`,
        );
      }
      return scoreFacts(measureHtml(page.html, page), strategy);
    },
  };
}
