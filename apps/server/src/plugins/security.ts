import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
 * Security headers on every answer. The app loads nothing from other origins except, when
 * configured, the map tile server's images.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { https: boolean; tileUrl?: string | null }) => {
    const tiles = tileImageSource(opts.tileUrl ?? null);
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      // The social sign-in popup must be able to reach its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Only over https: a local http start must not pin the browser to https for a year.
      strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
);
