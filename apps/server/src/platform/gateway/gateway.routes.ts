import { randomBytes } from 'node:crypto';
import { GATEWAY_URL_MAX_LENGTH, gatewayMethodSchema } from '@pinpoint/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../../kernel/http/body-limit';
import { AppError, badRequest } from '../../kernel/lib/app-error';
import {
  dispatchInner,
  type InnerAnswer,
  type InnerCall,
  innerCallLogger,
} from './inner-transport';
import { checkInnerUrl, createRouteIndex } from './inner-url';

declare module 'fastify' {
  interface FastifyInstance {
    gateway: {
      /** Counts inner dispatches: what the gateway actually sent on to a route. */
      dispatched: number;
      /**
       * Marks a request as dispatched in-process by the gateway, whose outer request has
       * already passed the same-origin check. Random per process; never sent anywhere.
       */
      secret: string;
      /**
       * The caller's already-resolved session, handed to the inner request by a one-use
       * key so the inner route does not look the session up again (one query less per call).
       */
      handoff: Map<string, SessionHandoff>;
    };
  }
}

export interface SessionHandoff {
  currentSession: FastifyRequest['currentSession'];
  principal: FastifyRequest['principal'];
}

export const GATEWAY_HEADER = 'x-pinpoint-gateway';
export const GATEWAY_SESSION_HEADER = 'x-pinpoint-gateway-session';

/**
 * Registers the gateway's state on the root app (a route plugin's decorations stay inside it),
 * before any route: an inner call logs with its caller's logger, bound to the same request id,
 * unless its route asks for its own level or serializers.
 */
export function decorateGateway(app: FastifyInstance): void {
  app.decorate('gateway', {
    dispatched: 0,
    secret: randomBytes(32).toString('hex'),
    handoff: new Map<string, SessionHandoff>(),
  });
  app.setChildLoggerFactory((logger, bindings, options, raw) => {
    const caller = Object.keys(options).length === 0 ? innerCallLogger(raw) : null;
    return caller ?? logger.child(bindings, options);
  });
}

/** Whether a request is one of this app's gateway dispatches (it carries the secret). */
export function isGatewayDispatch(app: FastifyInstance, request: FastifyRequest): boolean {
  return request.headers[GATEWAY_HEADER] === app.gateway.secret;
}

/** Caller headers the inner route needs to act as the caller; nothing else is passed on. */
const FORWARDED_HEADERS = ['cookie', 'origin', 'host', 'user-agent', 'accept-language'] as const;
/** Inner answer headers that belong to the caller. */
const RETURNED_HEADERS = ['set-cookie', 'retry-after'] as const;

const looseBody = z.object({ method: z.unknown(), url: z.unknown(), data: z.unknown() }).partial();

/** The routes the gateway may reach, matched against concrete paths; built once, at first use. */
function routeMatcher(app: FastifyInstance) {
  let exists: ((method: string, path: string) => boolean) | null = null;
  return (method: string, path: string) => {
    exists ??= createRouteIndex(
      app.routeTable.filter((route) => route.gateway && route.url.startsWith('/api/')),
    );
    return exists(method, path);
  };
}

function innerCall(
  request: FastifyRequest,
  secret: string,
  method: string,
  url: string,
  data: unknown,
): InnerCall {
  const headers: Record<string, string> = { 'x-request-id': request.id, [GATEWAY_HEADER]: secret };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let payload: string | null = null;
  if (method !== 'GET') {
    // `origin` inside data is informational (DECISIONS.md); the real Origin header counts.
    const { origin: _informational, ...body } = (data ?? {}) as Record<string, unknown>;
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return {
    method,
    url,
    headers,
    remoteAddress: request.ip,
    encrypted: request.protocol === 'https',
    payload,
    logger: request.log,
  };
}

/**
 * `POST /database/request` (SPEC §7): dispatches in-process, through the router
 * (inner-transport.ts), to the `/api/...` route named by the inner url, under the caller's
 * own session and authorization, and returns that route's status and body. It never opens
 * a connection.
 */
export const gatewayRoutes: FastifyPluginAsyncZod = async (app) => {
  const routeExists = routeMatcher(app);
  let handoffCount = 0;

  app.route({
    method: 'POST',
    url: '/database/request',
    // The gateway itself is open; the inner route applies its own access to the caller.
    config: { access: 'public', gateway: false },
    bodyLimit: BODY_LIMIT_BYTES,
    schema: {
      tags: ['gateway'],
      summary: 'Call one of our own /api routes: { method, url, data? }',
      body: looseBody,
      response: { default: z.unknown().describe("The inner route's status and body") },
    },
    preParsing: async (request) => {
      const length = Number(request.headers['content-length'] ?? 0);
      if (length > BODY_LIMIT_BYTES) throw badRequest('The request body is over 1 MB.');
    },
    handler: async (request, reply) => {
      const { method, url, data } = request.body;
      const parsedMethod = gatewayMethodSchema.safeParse(method);
      if (!parsedMethod.success)
        throw badRequest('method must be one of GET, POST, PUT, PATCH or DELETE.');
      const check = checkInnerUrl(url, GATEWAY_URL_MAX_LENGTH);
      if (!check.ok) throw badRequest(check.reason);
      if (
        data !== undefined &&
        (typeof data !== 'object' || data === null || Array.isArray(data))
      ) {
        throw badRequest('data must be a JSON object.');
      }
      if (!routeExists(parsedMethod.data, check.path)) {
        throw badRequest(`There is no route ${parsedMethod.data} ${check.path}.`);
      }

      app.gateway.dispatched++;
      const call = innerCall(request, app.gateway.secret, parsedMethod.data, url as string, data);
      // Unique per dispatch is enough: only a request carrying the process secret is heard.
      const handoffKey = String(++handoffCount);
      app.gateway.handoff.set(handoffKey, {
        currentSession: request.currentSession,
        principal: request.principal,
      });
      call.headers[GATEWAY_SESSION_HEADER] = handoffKey;
      let inner: InnerAnswer;
      try {
        // Through the router itself rather than `app.inject`, which refuses once the server
        // has begun closing: a gateway call that arrived before a SIGTERM must still finish
        // (the rolling restart test), as any direct call does.
        inner = await dispatchInner(app.routing, call);
      } finally {
        app.gateway.handoff.delete(handoffKey);
      }
      if (!String(inner.headers['content-type'] ?? '').includes('application/json')) {
        throw new AppError(502, 'INTERNAL', 'The route did not answer with JSON.');
      }
      for (const name of RETURNED_HEADERS) {
        const value = inner.headers[name];
        if (value !== undefined) reply.header(name, value);
      }
      // The inner body is already validated and serialised JSON: pass it through as is.
      return reply.code(inner.statusCode).type('application/json; charset=utf-8').send(inner.body);
    },
  });
};
