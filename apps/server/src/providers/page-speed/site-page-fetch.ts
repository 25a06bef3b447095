import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from '../../kernel/net/address-policy';
import {
  ADDRESS_REFUSED_CODE,
  createGuardedLookup,
  ipLiteralOf,
} from '../../kernel/net/guarded-lookup';

/** One page as the demo page-speed adapter fetched it. */
export interface FetchedPage {
  html: string;
  bytes: number;
  statusCode: number;
  https: boolean;
  /** Time to the response headers of the last hop. */
  responseMs: number;
}

export interface SitePageFetchOptions {
  /**
   * Connect anywhere, but only on the start URL's own origin: a seeded demo site served by
   * Pinpoint itself (which may listen on 127.0.0.1). A redirect elsewhere is checked as usual.
   */
  trustOrigin?: boolean;
  lookup?: LookupFunction;
  timeoutMs?: number;
  maxBytes?: number;
  signal?: AbortSignal;
}

/** Why a page could not be measured, in words fit for the panel. */
export class SitePageError extends Error {
  override readonly name = 'SitePageError';
  constructor(
    readonly kind: 'blocked' | 'unreachable' | 'timeout' | 'too_large' | 'not_html',
    message: string,
  ) {
    super(message);
  }
}

export const PRIVATE_SITE_MESSAGE =
  'The site’s address resolves to a private, loopback or link-local address; page speed measures public sites only.';
const MAX_REDIRECTS = 3;
const defaultLookup = createGuardedLookup();

/**
 * GET one page over HTTP for the demo page-speed measurement, with the uptime checker's
 * safety (`areas/websites/site-check.ts`): http(s) only, IP literals judged before
 * connecting, every other host through the guarded lookup where the socket opens (DNS
 * rebinding cannot reach a private address), redirects re-checked hop by hop, the body
 * capped (3 MB) and the whole fetch bounded in time.
 */
export async function fetchSitePage(
  rawUrl: string,
  options: SitePageFetchOptions = {},
): Promise<FetchedPage> {
  const start = new URL(rawUrl);
  let url = start;
  for (let hop = 0; ; hop++) {
    const trusted = Boolean(options.trustOrigin) && url.origin === start.origin;
    const answer = await getOnce(url, trusted, options);
    if (answer.location && answer.statusCode >= 300 && answer.statusCode < 400) {
      if (hop >= MAX_REDIRECTS)
        throw new SitePageError('unreachable', 'The site redirected too many times.');
      url = new URL(answer.location, url);
      continue;
    }
    return answer.page;
  }
}

function getOnce(
  url: URL,
  trusted: boolean,
  options: SitePageFetchOptions,
): Promise<{ page: FetchedPage; statusCode: number; location: string | null }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new SitePageError('blocked', 'Only http and https sites are measured.'));
  }
  if (url.username || url.password) {
    return Promise.reject(
      new SitePageError('blocked', 'The site address may not carry credentials.'),
    );
  }
  // Sockets skip `lookup` for IP literals, so those are judged here.
  const literal = ipLiteralOf(url);
  if (!trusted && literal !== null && !isPublicAddress(literal)) {
    return Promise.reject(new SitePageError('blocked', PRIVATE_SITE_MESSAGE));
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 3 * 1024 * 1024;
  const isHttps = url.protocol === 'https:';
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: SitePageError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      request.destroy();
      reject(error);
    };
    const request = (isHttps ? https : http).request(url, {
      method: 'GET',
      agent: false,
      headers: {
        'user-agent': 'PinpointPageSpeed/1.0 (+page speed measurement)',
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
      },
      ...(trusted ? {} : { lookup: options.lookup ?? defaultLookup }),
    });
    const timer = setTimeout(
      () =>
        fail(
          new SitePageError(
            'timeout',
            `The site did not answer within ${Math.round(timeoutMs / 1000)} s.`,
          ),
        ),
      timeoutMs,
    );
    const onAbort = () => fail(new SitePageError('timeout', 'The measurement was stopped.'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('response', (response) => {
      const responseMs = Math.round(performance.now() - started);
      const statusCode = response.statusCode ?? 0;
      const location = response.headers.location ?? null;
      if (location && statusCode >= 300 && statusCode < 400) {
        response.resume();
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        resolve({
          page: { html: '', bytes: 0, statusCode, https: isHttps, responseMs },
          statusCode,
          location,
        });
        return;
      }
      const type = String(response.headers['content-type'] ?? '');
      if (statusCode === 200 && type && !/html/i.test(type)) {
        fail(new SitePageError('not_html', 'The site’s address does not answer with a web page.'));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          fail(new SitePageError('too_large', 'The page is larger than 3 MB.'));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        const bytes = Buffer.concat(chunks);
        resolve({
          page: {
            html: bytes.toString('utf8'),
            bytes: size,
            statusCode,
            https: isHttps,
            responseMs,
          },
          statusCode,
          location: null,
        });
      });
      response.on('error', () =>
        fail(new SitePageError('unreachable', 'The site stopped answering.')),
      );
    });
    request.on('error', (error) => {
      const code = String((error as { code?: string }).code ?? '');
      fail(
        code === ADDRESS_REFUSED_CODE
          ? new SitePageError('blocked', PRIVATE_SITE_MESSAGE)
          : new SitePageError('unreachable', 'The site could not be reached.'),
      );
    });
    request.end();
  });
}
