import {
  type PageSpeedScores,
  type PageSpeedStrategy,
  type PageSpeedVitals,
  rateVital,
} from '@pinpoint/contracts';

/**
 * What the demo page-speed adapter measures on a page: facts anyone can count in its HTML
 * and its answer. The scores are a fixed function of these facts (`scoreFacts`), so the same
 * page answered in the same response-time bucket always scores the same.
 */
export interface PageFacts {
  /** Size of the HTML as served. */
  htmlBytes: number;
  /** `<script src>` without async/defer/module: they block rendering. */
  blockingScripts: number;
  /** Every other `<script>`, inline or deferred. */
  otherScripts: number;
  stylesheets: number;
  images: number;
  imagesWithoutAlt: number;
  /** `<img>` without both width and height: the page shifts when they load. */
  imagesWithoutSize: number;
  hasViewport: boolean;
  /** The viewport blocks zooming (user-scalable=no or maximum-scale below 2). */
  viewportBlocksZoom: boolean;
  hasTitle: boolean;
  hasDescription: boolean;
  hasLang: boolean;
  hasH1: boolean;
  hasDoctype: boolean;
  hasCharset: boolean;
  https: boolean;
  statusCode: number;
  /** Time to the first byte, in ms. */
  responseMs: number;
}

const count = (html: string, pattern: RegExp) => (html.match(pattern) ?? []).length;
const tags = (html: string, name: string) =>
  html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
const hasAttr = (tag: string, attr: string) => new RegExp(`\\s${attr}\\s*=`, 'i').test(tag);

/** The facts of one answer: its HTML, size, status, protocol and response time. */
export function measureHtml(
  html: string,
  answer: { bytes: number; statusCode: number; https: boolean; responseMs: number },
): PageFacts {
  const scripts = tags(html, 'script');
  const blocking = scripts.filter(
    (s) => hasAttr(s, 'src') && !/\s(async|defer)\b/i.test(s) && !/type\s*=\s*["']?module/i.test(s),
  ).length;
  const images = tags(html, 'img');
  const viewport = tags(html, 'meta').find((m) => /name\s*=\s*["']?viewport/i.test(m)) ?? '';
  const maxScale = /maximum-scale\s*=\s*([\d.]+)/i.exec(viewport);
  return {
    htmlBytes: answer.bytes,
    blockingScripts: blocking,
    otherScripts: scripts.length - blocking,
    stylesheets: tags(html, 'link').filter((l) => /rel\s*=\s*["']?stylesheet/i.test(l)).length,
    images: images.length,
    imagesWithoutAlt: images.filter((i) => !hasAttr(i, 'alt')).length,
    imagesWithoutSize: images.filter((i) => !(hasAttr(i, 'width') && hasAttr(i, 'height'))).length,
    hasViewport: viewport !== '',
    viewportBlocksZoom:
      /user-scalable\s*=\s*(no|0)/i.test(viewport) ||
      (maxScale !== null && Number(maxScale[1]) < 2),
    hasTitle: /<title\b[^>]*>\s*[^<\s][^<]*<\/title>/i.test(html),
    hasDescription: tags(html, 'meta').some(
      (m) => /name\s*=\s*["']?description/i.test(m) && /content\s*=\s*["'][^"']+/i.test(m),
    ),
    hasLang: tags(html, 'html').some((h) => /\slang\s*=\s*["']?[a-z]/i.test(h)),
    hasH1: count(html, /<h1\b/gi) > 0,
    hasDoctype: /^\s*<!doctype html/i.test(html),
    hasCharset: tags(html, 'meta').some((m) => /charset/i.test(m)),
    https: answer.https,
    statusCode: answer.statusCode,
    responseMs: answer.responseMs,
  };
}

/** Response times fall in buckets, so a few ms of jitter never change a score. */
export function responseBucketMs(responseMs: number): number {
  for (const edge of [200, 500, 1000, 2000, 4000]) if (responseMs < edge) return edge;
  return 8000;
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
const capped = (each: number, times: number, cap: number) => Math.min(cap, each * times);

/**
 * Mobile is measured as Lighthouse does it, on a slow phone over slow 4G: less throughput,
 * more latency and four times the script cost. Desktop on a fast wired connection.
 */
const DEVICE = {
  desktop: { bytesPerMs: 1250, rttMs: 40, scriptMs: 40 },
  mobile: { bytesPerMs: 200, rttMs: 150, scriptMs: 160 },
} as const;
/** What the page's images weigh, as the demo assumes (it does not download them). */
const BYTES_PER_IMAGE = 60_000;

/**
 * The demo's scores (0–100) and lab vitals from the facts. The formula, all penalties
 * from 100 and clamped to 0–100:
 * - performance: from the lab vitals, like Lighthouse's weighting: LCP over 1.2 s costs
 *   1 point per 60 ms (desktop) / 100 ms (mobile), up to 45; TBT 1 point per 10 ms up to 30;
 *   CLS 1 point per 0.01 up to 25; and 2 points per stylesheet after the first (max 10);
 * - accessibility: 8 per image without alt (max 40), 10 without lang, 8 without a title,
 *   10 when zooming is blocked, 8 without a heading;
 * - best practices: 15 over plain http, 10 without doctype, 5 without a charset,
 *   15 when the page does not answer 200;
 * - SEO: 15 without a title, 15 without a description, 10 without a viewport (mobile 20),
 *   5 per image without alt (max 10), 10 without lang, 25 when the page does not answer 200.
 * Lab vitals: LCP = response bucket + 2 round trips + (HTML + a 60 KB hero image) ÷ throughput
 * + blocking scripts × script cost; TBT = scripts beyond two × script cost (blocking ones
 * twice); CLS = 0.05 per image without a size (max 1). INP needs real users: none here.
 */
export function scoreFacts(
  facts: PageFacts,
  strategy: PageSpeedStrategy,
): { scores: PageSpeedScores; vitals: PageSpeedVitals } {
  const device = DEVICE[strategy];
  const ttfb = responseBucketMs(facts.responseMs);
  const lcpMs = Math.round(
    ttfb +
      2 * device.rttMs +
      // The largest paint waits for the page and its hero picture, not for every image.
      (facts.htmlBytes + Math.min(1, facts.images) * BYTES_PER_IMAGE) / device.bytesPerMs +
      facts.blockingScripts * device.scriptMs,
  );
  const scripts = facts.blockingScripts * 2 + facts.otherScripts;
  const tbtMs = Math.max(0, scripts - 2) * device.scriptMs;
  const cls = Math.round(Math.min(1, facts.imagesWithoutSize * 0.05) * 1000) / 1000;

  const lcpStep = strategy === 'mobile' ? 100 : 60;
  const performance =
    100 -
    Math.min(45, Math.max(0, lcpMs - 1200) / lcpStep) -
    Math.min(30, tbtMs / 10) -
    Math.min(25, cls * 100) -
    capped(2, Math.max(0, facts.stylesheets - 1), 10);
  const accessibility =
    100 -
    capped(8, facts.imagesWithoutAlt, 40) -
    (facts.hasLang ? 0 : 10) -
    (facts.hasTitle ? 0 : 8) -
    (facts.viewportBlocksZoom ? 10 : 0) -
    (facts.hasH1 ? 0 : 8);
  const ok = facts.statusCode === 200;
  const bestPractices =
    100 -
    (facts.https ? 0 : 15) -
    (facts.hasDoctype ? 0 : 10) -
    (facts.hasCharset ? 0 : 5) -
    (ok ? 0 : 15);
  const seo =
    100 -
    (facts.hasTitle ? 0 : 15) -
    (facts.hasDescription ? 0 : 15) -
    (facts.hasViewport ? 0 : strategy === 'mobile' ? 20 : 10) -
    capped(5, facts.imagesWithoutAlt, 10) -
    (facts.hasLang ? 0 : 10) -
    (ok ? 0 : 25);
  return {
    scores: {
      performance: clamp(performance),
      accessibility: clamp(accessibility),
      bestPractices: clamp(bestPractices),
      seo: clamp(seo),
    },
    vitals: {
      lcp: { value: lcpMs, rating: rateVital('lcp', lcpMs), source: 'lab' },
      inp: null,
      cls: { value: cls, rating: rateVital('cls', cls), source: 'lab' },
      tbt: { value: tbtMs, rating: rateVital('tbt', tbtMs), source: 'lab' },
    },
  };
}
