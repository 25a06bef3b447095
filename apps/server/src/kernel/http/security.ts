import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The CSP source that lets map tiles load: the tile template's scheme and host, with the
 * `{s}` subdomain placeholder as a wildcard. Null when there are no tiles or the host part
 * holds another placeholder (then tiles stay blocked and the map shows the plain grid).
 */
export function tileImageSource(tileUrl: string | null): string | null {
  if (!tileUrl) return null;
  const origin = /^(https?:\/\/[^/]+)/.exec(tileUrl.replace('{s}', '*'))?.[1];
  return origin && !/[{}]/.test(origin) ? origin : null;
}

/**
 * The headers helmet sets for these options. They do not depend on the request (no nonces),
 * so they are worked out once at start-up: building helmet's middleware on every request, as
 * the Fastify wrapper does, was a tenth of a cached read's CPU (issue 8 profile).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      done = true;
    },
  );
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Security headers on every answer. The app loads nothing from other origins except, when
 * configured, the map tile server's images.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { https: boolean; tileUrl?: string | null }) => {
    const tiles = tileImageSource(opts.tileUrl ?? null);
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
          connectSrc: ["'self'"],
          // LSA call recordings play from a blob URL once their type is checked (SPEC §5).
          mediaSrc: ["'self'", 'blob:'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The social sign-in popup must be able to reach its opener. Browsers apply the policy
      // only over https (and on localhost), and report it as an error on any other http origin,
      // so it is sent when the app is served over https, as HSTS is.
      crossOriginOpenerPolicy: opts.https ? { policy: 'same-origin-allow-popups' } : false,
      // Only over https: a local http start must not pin the browser to https for a year.
      strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
);
