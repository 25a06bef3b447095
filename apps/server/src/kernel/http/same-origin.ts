import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { createOriginCheck, logForeignOrigin } from '../lib/origin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public HTML form (a site's contact form): form-encoded, from any origin (the demo
     * pages send `Origin: null` under `no-referrer`; a client's own site is another origin).
     * It touches no session, so there is nothing to forge; it has its own abuse limits.
     */
    htmlForm?: boolean;
    /**
     * A payment provider's webhook (Stripe): sent from the provider's servers, so it can
     * never be same-origin. Its signature stands in for the check: this function verifies it
     * over the raw body (throwing to refuse) before the handler runs, and only a public
     * route, where no session counts, may carry it.
     */
    signedWebhook?: (request: FastifyRequest) => void | Promise<void>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Cross-site request forgery defence (DECISIONS.md): a state-changing request must carry
 * a same-origin `Origin` header and, when it has a body, JSON — which a cross-site HTML
 * form cannot send without a CORS preflight we never grant.
 */
export const sameOriginPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      publicUrl: string | null;
      /**
       * The gateway's in-process dispatches carry its secret: their outer request has
       * already passed this check, from the caller's real origin.
       */
      fromGateway: (request: FastifyRequest) => boolean;
    },
  ) => {
    const isSameOrigin = createOriginCheck(opts.publicUrl);
    const { fromGateway } = opts;

    // A route exempted for its signature always checks it, first thing after parsing.
    app.addHook('onRoute', (route) => {
      const verify = route.config?.signedWebhook;
      if (!verify) return;
      if (route.config?.access !== 'public') {
        throw new Error(`Route ${route.url} is a signed webhook, so it must be public`);
      }
      const existing = route.preValidation;
      route.preValidation = [
        async (request) => verify(request),
        ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
      ];
    });

    app.addHook('onRequest', async (request) => {
      // Unknown routes change nothing; they answer 404 whatever they carry.
      if (SAFE_METHODS.has(request.method) || request.is404) return;
      if (request.routeOptions.config.htmlForm === true) return;
      if (request.routeOptions.config.signedWebhook) return;
      if (!isSameOrigin(request) && !fromGateway(request)) {
        logForeignOrigin(request, 'cross_origin', 'cross-site request refused');
        throw new AppError(
          403,
          'FORBIDDEN',
          'This request must come from the Pinpoint app itself.',
        );
      }
      const type = request.headers['content-type'] ?? '';
      if (BODY_METHODS.has(request.method) && !type.toLowerCase().startsWith('application/json')) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON.');
      }
    });
  },
);
