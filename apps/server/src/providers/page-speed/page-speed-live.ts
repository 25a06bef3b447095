import {
  type PageSpeedStrategy,
  type PageSpeedVitals,
  rateVital,
  type Vital,
} from '@pinpoint/contracts';
import { z } from 'zod';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { VendorError } from '../kernel/vendor-errors';
import {
  classifyHttpStatus,
  createVendorSend,
  parseRetryAfter,
  safeVendorMessage,
  unexpectedShape,
} from '../kernel/vendor-http';
import { PAGE_SPEED_VENDOR } from '../kernel/vendor-ids';
import { PAGE_SPEED_LABEL, type PageSpeedProvider } from './port';

export const PAGE_SPEED_DEFAULT_BASE_URL = 'https://www.googleapis.com';
/** Lighthouse runs take 10–40 s at Google; the shared vendor timeout is too short. */
export const PAGE_SPEED_DEFAULT_TIMEOUT_MS = 60_000;

export interface PageSpeedLiveOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  recordCall: RecordProviderCall;
  fetchImpl?: typeof fetch;
}

const categorySchema = z.object({ score: z.number().min(0).max(1).nullable().optional() });
const fieldMetricSchema = z.object({
  percentile: z.number(),
  category: z.string().optional(),
});
const auditSchema = z.object({ numericValue: z.number().optional() });
/** The parts of `runPagespeed`'s answer we read (PageSpeed Insights API v5). */
const answerSchema = z.object({
  loadingExperience: z
    .object({ metrics: z.record(z.string(), fieldMetricSchema).optional() })
    .optional(),
  lighthouseResult: z.object({
    categories: z.object({
      performance: categorySchema,
      accessibility: categorySchema,
      'best-practices': categorySchema,
      seo: categorySchema,
    }),
    audits: z.record(z.string(), auditSchema).optional(),
  }),
});
const errorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
  }),
});

/** CrUX's FAST / AVERAGE / SLOW in Core Web Vitals words. */
const FIELD_RATING: Record<string, Vital['rating']> = {
  FAST: 'good',
  AVERAGE: 'needs-improvement',
  SLOW: 'poor',
};

type Answer = z.infer<typeof answerSchema>;
const score = (category: { score?: number | null | undefined }) =>
  Math.round((category.score ?? 0) * 100);

/**
 * Core Web Vitals from the field data (real Chrome users, 75th percentile) where Google has
 * it, else from the Lighthouse lab audits. CrUX reports CLS × 100 as an integer.
 */
export function vitalsOf(answer: Answer): PageSpeedVitals {
  const field = answer.loadingExperience?.metrics ?? {};
  const audits = answer.lighthouseResult.audits ?? {};
  const fromField = (key: string, metric: keyof PageSpeedVitals, scale = 1): Vital | null => {
    const m = field[key];
    if (!m) return null;
    const value = m.percentile / scale;
    return {
      value,
      rating: (m.category && FIELD_RATING[m.category]) || rateVital(metric, value),
      source: 'field',
    };
  };
  const fromLab = (audit: string, metric: keyof PageSpeedVitals): Vital | null => {
    const value = audits[audit]?.numericValue;
    if (value === undefined) return null;
    const rounded = metric === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value);
    return { value: rounded, rating: rateVital(metric, rounded), source: 'lab' };
  };
  return {
    lcp:
      fromField('LARGEST_CONTENTFUL_PAINT_MS', 'lcp') ?? fromLab('largest-contentful-paint', 'lcp'),
    inp: fromField('INTERACTION_TO_NEXT_PAINT', 'inp'),
    cls:
      fromField('CUMULATIVE_LAYOUT_SHIFT_SCORE', 'cls', 100) ??
      fromLab('cumulative-layout-shift', 'cls'),
    tbt: fromLab('total-blocking-time', 'tbt'),
  };
}

/**
 * PageSpeed Insights API v5: `GET /pagespeedonline/v5/runPagespeed?url=…&category=…×4
 * &strategy=MOBILE|DESKTOP&key=…`, one call per strategy. Scores are Lighthouse's category
 * scores (0–1) × 100. The key travels in the query string, as Google documents; it is cut
 * out of any message we keep.
 */
export function createPageSpeedLive(options: PageSpeedLiveOptions): PageSpeedProvider {
  const send = createVendorSend({
    vendor: PAGE_SPEED_VENDOR,
    label: PAGE_SPEED_LABEL,
    recordCall: options.recordCall,
    timeoutMs: options.timeoutMs,
    fetchImpl: options.fetchImpl,
  });
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    vendor: PAGE_SPEED_VENDOR,
    mode: 'live',
    async run(target, strategy: PageSpeedStrategy, signal) {
      const query = new URLSearchParams({ url: target.url });
      for (const c of ['PERFORMANCE', 'ACCESSIBILITY', 'BEST_PRACTICES', 'SEO']) {
        query.append('category', c);
      }
      query.set('strategy', strategy.toUpperCase());
      if (options.apiKey) query.set('key', options.apiKey);
      const response = await send({
        url: `${base}/pagespeedonline/v5/runPagespeed?${query}`,
        method: 'GET',
        headers: { accept: 'application/json' },
        signal,
      });
      if (!response.ok) {
        const parsed = errorSchema.safeParse(response.json);
        const said = safeVendorMessage(parsed.success ? parsed.data.error.message : undefined, [
          options.apiKey,
        ]);
        // Google answers 400 for a page Lighthouse could not load (FAILED_DOCUMENT_REQUEST…):
        // the site's problem, said in Google's words.
        throw new VendorError(
          PAGE_SPEED_VENDOR,
          classifyHttpStatus(response.status),
          `${PAGE_SPEED_LABEL} refused the request (HTTP ${response.status}${said ? `: ${said}` : ''}).`,
          response.status,
          parseRetryAfter(response.headers.get('retry-after')),
        );
      }
      const parsed = answerSchema.safeParse(response.json);
      if (!parsed.success) throw unexpectedShape(PAGE_SPEED_VENDOR, PAGE_SPEED_LABEL);
      const c = parsed.data.lighthouseResult.categories;
      return {
        scores: {
          performance: score(c.performance),
          accessibility: score(c.accessibility),
          bestPractices: score(c['best-practices']),
          seo: score(c.seo),
        },
        vitals: vitalsOf(parsed.data),
      };
    },
  };
}
