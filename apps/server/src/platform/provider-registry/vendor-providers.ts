import type { VendorConfig } from '../../config/vendor-config';
import { createFbRatingsDemo } from '../../providers/facebook-page/fb-ratings-demo';
import { createFbRatingsLive } from '../../providers/facebook-page/fb-ratings-live';
import { createGbpReviewsDemo } from '../../providers/google-business-profile/gbp-reviews-demo';
import { createGbpReviewsLive } from '../../providers/google-business-profile/gbp-reviews-live';
import type { DemoBusinessHint } from '../../providers/kernel/demo-review-text';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import type { ReviewsProvider } from '../../providers/kernel/reviews-port';
import { createDemoDrafter } from '../../providers/llm/demo-drafter';
import { createGeminiLlm } from '../../providers/llm/gemini-llm';
import type { LlmProvider } from '../../providers/llm/port';

export type { DemoBusinessHint };

export interface VendorProviderDeps {
  /** Counts each live call for the status page (app.recordProviderCall). */
  recordCall: RecordProviderCall;
  /** The demo adapters' clock (tests and seeds pass their own). */
  now?: () => Date;
  /** The demo adapters' seed; the same seed gives the same reviews. */
  demoSeed?: string;
  /** The business behind an external account, so demo reviews fit it (name, trade). */
  describeAccount?: (externalAccount: string) => DemoBusinessHint | null | undefined;
  fetchImpl?: typeof fetch;
}

/**
 * The reviews providers GBP_PROVIDER and FACEBOOK_PAGE_PROVIDER name. Build them once per
 * process: a demo adapter keeps the replies written through it in memory.
 */
export function createReviewsProviders(
  config: VendorConfig,
  deps: VendorProviderDeps,
): { google: ReviewsProvider; facebook: ReviewsProvider } {
  const demo = { seed: deps.demoSeed, now: deps.now, describe: deps.describeAccount };
  const { googleBusinessProfile: gbp, facebookPage: fb } = config;
  return {
    google:
      gbp.mode === 'live'
        ? createGbpReviewsLive({
            baseUrl: gbp.baseUrl,
            timeoutMs: gbp.timeoutMs,
            recordCall: deps.recordCall,
            fetchImpl: deps.fetchImpl,
          })
        : createGbpReviewsDemo(demo),
    facebook:
      fb.mode === 'live'
        ? createFbRatingsLive({
            baseUrl: fb.baseUrl,
            graphVersion: fb.graphVersion,
            timeoutMs: fb.timeoutMs,
            recordCall: deps.recordCall,
            fetchImpl: deps.fetchImpl,
          })
        : createFbRatingsDemo(demo),
  };
}

/** The drafter LLM_PROVIDER names: the deterministic demo one, or Gemini. */
export function createLlmProvider(
  config: VendorConfig,
  deps: Pick<VendorProviderDeps, 'recordCall' | 'fetchImpl'>,
): LlmProvider {
  const { llm } = config;
  if (llm.mode === 'gemini') {
    if (!llm.apiKey) throw new Error('LLM_PROVIDER=gemini needs GEMINI_API_KEY');
    return createGeminiLlm({
      apiKey: llm.apiKey,
      model: llm.model,
      baseUrl: llm.baseUrl,
      timeoutMs: llm.timeoutMs,
      recordCall: deps.recordCall,
      fetchImpl: deps.fetchImpl,
    });
  }
  return createDemoDrafter();
}
