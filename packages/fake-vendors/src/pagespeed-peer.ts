import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './peer-http';

export const PAGESPEED_PEER_KEY = 'psi-peer-key-3f9a71';

/** What one run answers, before it is put in PSI's documented shape. */
export interface PsiPeerPage {
  scores: { performance: number; accessibility: number; 'best-practices': number; seo: number };
  /** CrUX field metrics (omitted: the origin has too little traffic, as for most small sites). */
  field?: {
    LARGEST_CONTENTFUL_PAINT_MS?: { percentile: number; category: 'FAST' | 'AVERAGE' | 'SLOW' };
    INTERACTION_TO_NEXT_PAINT?: { percentile: number; category: 'FAST' | 'AVERAGE' | 'SLOW' };
    /** CLS × 100, as CrUX reports it. */
    CUMULATIVE_LAYOUT_SHIFT_SCORE?: { percentile: number; category: 'FAST' | 'AVERAGE' | 'SLOW' };
  };
  lab: { lcpMs: number; cls: number; tbtMs: number };
}

export interface RunningPageSpeedPeer {
  base: string;
  requests: { url: string; strategy: string | null; categories: string[]; key: string | null }[];
  /** The answer for a page and strategy (MOBILE | DESKTOP). */
  setPage(url: string, strategy: 'MOBILE' | 'DESKTOP', page: PsiPeerPage): void;
  /** The next `count` calls fail with this status, in Google's error shape. */
  failNext(count: number, status: 400 | 429 | 500, message?: string): void;
  close(): Promise<void>;
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
};

function send(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
}
/** Google APIs' error body: `{ error: { code, message, errors: [...], status } }`. */
function sendError(res: http.ServerResponse, code: number, message: string, headers = {}) {
  send(
    res,
    code,
    {
      error: {
        code,
        message,
        errors: [
          { message, domain: 'global', reason: code === 429 ? 'rateLimitExceeded' : 'badRequest' },
        ],
        status: STATUS_NAMES[code] ?? 'UNKNOWN',
      },
    },
    headers,
  );
}

/**
 * A local PageSpeed Insights API v5 (`GET /pagespeedonline/v5/runPagespeed`) in Google's
 * documented shape: `lighthouseResult.categories.*.score` (0–1), `lighthouseResult.audits`
 * with `numericValue`, `loadingExperience.metrics` (CrUX percentiles and categories), and
 * errors as `{ error: { code, message, status } }`. The key is required, as Google does
 * once a project's anonymous quota is spent.
 */
export async function startPageSpeedPeer(): Promise<RunningPageSpeedPeer> {
  const pages = new Map<string, PsiPeerPage>();
  const requests: RunningPageSpeedPeer['requests'] = [];
  let failures: { status: 400 | 429 | 500; message?: string }[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    if (req.method !== 'GET' || url.pathname !== '/pagespeedonline/v5/runPagespeed') {
      sendError(res, 404, 'Not Found');
      return;
    }
    const target = url.searchParams.get('url') ?? '';
    const strategy = url.searchParams.get('strategy');
    const key = url.searchParams.get('key');
    requests.push({ url: target, strategy, categories: url.searchParams.getAll('category'), key });
    const failure = failures.shift();
    if (failure) {
      const message =
        failure.message ??
        (failure.status === 429
          ? "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'pagespeedonline.googleapis.com'."
          : failure.status === 500
            ? 'Lighthouse returned error: Something went wrong.'
            : 'Lighthouse returned error: FAILED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested.');
      sendError(res, failure.status, message, failure.status === 429 ? { 'retry-after': '1' } : {});
      return;
    }
    if (key !== PAGESPEED_PEER_KEY) {
      sendError(res, 400, `API key not valid. Please pass a valid API key. (${key ?? 'none'})`);
      return;
    }
    if (!target) {
      sendError(res, 400, 'Invalid value at \'url\' (TYPE_STRING), ""');
      return;
    }
    const page = pages.get(`${target} ${strategy}`);
    if (!page) {
      sendError(
        res,
        400,
        'Lighthouse returned error: ERRORED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested. (Status code: 404)',
      );
      return;
    }
    const score = (value: number, id: string, title: string) => ({ id, title, score: value });
    send(res, 200, {
      captchaResult: 'CAPTCHA_NOT_NEEDED',
      kind: 'pagespeedonline#result',
      id: target,
      ...(page.field && {
        loadingExperience: {
          id: target,
          metrics: Object.fromEntries(
            Object.entries(page.field).map(([name, m]) => [
              name,
              { percentile: m.percentile, distributions: [], category: m.category },
            ]),
          ),
          overall_category: 'AVERAGE',
        },
      }),
      lighthouseResult: {
        requestedUrl: target,
        finalUrl: target,
        lighthouseVersion: '12.6.0',
        configSettings: {
          emulatedFormFactor: strategy?.toLowerCase(),
          formFactor: strategy?.toLowerCase(),
        },
        categories: {
          performance: score(page.scores.performance, 'performance', 'Performance'),
          accessibility: score(page.scores.accessibility, 'accessibility', 'Accessibility'),
          'best-practices': score(
            page.scores['best-practices'],
            'best-practices',
            'Best Practices',
          ),
          seo: score(page.scores.seo, 'seo', 'SEO'),
        },
        audits: {
          'largest-contentful-paint': {
            id: 'largest-contentful-paint',
            numericValue: page.lab.lcpMs,
            numericUnit: 'millisecond',
          },
          'cumulative-layout-shift': {
            id: 'cumulative-layout-shift',
            numericValue: page.lab.cls,
            numericUnit: 'unitless',
          },
          'total-blocking-time': {
            id: 'total-blocking-time',
            numericValue: page.lab.tbtMs,
            numericUnit: 'millisecond',
          },
        },
      },
      analysisUTCTimestamp: new Date().toISOString(),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    setPage: (url, strategy, page) => pages.set(`${url} ${strategy}`, page),
    failNext: (count, status, message) => {
      failures = [...failures, ...Array.from({ length: count }, () => ({ status, message }))];
    },
    close: () => closeServer(server),
  };
}
