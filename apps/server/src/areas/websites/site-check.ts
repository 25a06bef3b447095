import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { SiteErrorKind } from '@pinpoint/contracts';
import { isPublicAddress } from '../../kernel/net/address-policy';
import {
  ADDRESS_REFUSED_CODE,
  createGuardedLookup,
  ipLiteralOf,
} from '../../kernel/net/guarded-lookup';

/** What one uptime check saw. */
export interface SiteCheckResult {
  up: boolean;
  statusCode: number | null;
  /** Time to the response headers; null without an answer. */
  responseMs: number | null;
  errorKind: SiteErrorKind | null;
  error: string | null;
  /** The peer certificate's expiry, for https. */
  tlsExpiresAt: Date | null;
}

export interface SiteCheckOptions {
  /** The whole check, connection and headers. Default 10 s. */
  timeoutMs?: number;
  /**
   * Connect anywhere: only for a seeded demo site on the app's own origin (which may be
   * 127.0.0.1). Everything else goes through the guarded lookup and the IP-literal check.
   */
  trustAddress?: boolean;
  /** The guarded lookup to use (tests pass one with a fake resolver). */
  lookup?: LookupFunction;
  /** Extra CA certificates (tests' self-signed sites). */
  ca?: string | Buffer;
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/;

/** A failure's kind, from the socket error's code. */
export function classifyError(error: unknown): SiteErrorKind {
  const code = String((error as { code?: string }).code ?? '');
  if (code === ADDRESS_REFUSED_CODE) return 'blocked';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ETIMEDOUT' || code === 'PINPOINT_TIMEOUT') return 'timeout';
  if (TLS_CODES.test(code)) return 'tls';
  return 'network';
}

const ERROR_TEXT: Record<SiteErrorKind, string> = {
  dns: 'The name did not resolve.',
  timeout: 'No answer in time.',
  refused: 'The connection was refused.',
  tls: 'The TLS handshake failed.',
  http_5xx: 'The server answered with an error.',
  http_4xx: 'The page was not found or refused.',
  blocked: 'The address is private and is not checked.',
  network: 'The connection failed.',
};

const defaultLookup = createGuardedLookup();

/**
 * One HTTP GET of a site: status code, time to headers and the TLS certificate's expiry.
 * Redirects are not followed (a 3xx answer is up). Up means a 2xx or 3xx answer.
 */
export function checkSite(
  rawUrl: string,
  options: SiteCheckOptions = {},
): Promise<SiteCheckResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const failed = (errorKind: SiteErrorKind, detail?: string): SiteCheckResult => ({
    up: false,
    statusCode: null,
    responseMs: null,
    errorKind,
    error: detail ?? ERROR_TEXT[errorKind],
    tlsExpiresAt: null,
  });
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return Promise.resolve(failed('network', 'The address is not a valid URL.'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.resolve(failed('blocked', 'Only http and https addresses are checked.'));
  }
  // Sockets skip `lookup` for IP literals, so those are judged here.
  const literal = ipLiteralOf(url);
  if (!options.trustAddress && literal !== null && !isPublicAddress(literal)) {
    return Promise.resolve(failed('blocked'));
  }
  const isHttps = url.protocol === 'https:';
  const started = performance.now();

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SiteCheckResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(result);
    };
    const request = (isHttps ? https : http).request(url, {
      method: 'GET',
      agent: false,
      headers: {
        'user-agent': 'PinpointUptime/1.0 (+uptime check)',
        accept: 'text/html,*/*;q=0.8',
      },
      ...(options.trustAddress ? {} : { lookup: options.lookup ?? defaultLookup }),
      ...(options.ca && { ca: options.ca }),
    });
    const timer = setTimeout(() => {
      finish(failed('timeout', `No answer within ${Math.round(timeoutMs / 1000)} s.`));
    }, timeoutMs);
    request.on('response', (response) => {
      const responseMs = Math.round(performance.now() - started);
      const statusCode = response.statusCode ?? 0;
      let tlsExpiresAt: Date | null = null;
      if (isHttps) {
        const validTo = (response.socket as TLSSocket).getPeerCertificate?.()?.valid_to;
        const parsed = validTo ? new Date(validTo) : null;
        tlsExpiresAt = parsed && !Number.isNaN(parsed.getTime()) ? parsed : null;
      }
      response.resume();
      const up = statusCode >= 200 && statusCode < 400;
      const errorKind: SiteErrorKind | null = up
        ? null
        : statusCode >= 500
          ? 'http_5xx'
          : 'http_4xx';
      finish({
        up,
        statusCode,
        responseMs,
        errorKind,
        error: errorKind ? `HTTP ${statusCode}: ${ERROR_TEXT[errorKind]}` : null,
        tlsExpiresAt,
      });
    });
    request.on('error', (error) => {
      const kind = classifyError(error);
      finish(failed(kind));
    });
    request.end();
  });
}
