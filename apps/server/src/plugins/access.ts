import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accessDenied, unauthenticated } from '../lib/app-error';

/**
 * Who may call a route. Every route declares one in `config.access`; a route without it
 * stops the server at start-up, so no route can be added without a decision.
 */
export type RouteAccess = 'public' | 'signed-in' | 'employee' | 'admin';

/** The signed-in caller as the server knows it; filled by the session layer. */
export interface Principal {
  userId: number;
  perm: boolean;
  admin: boolean;
  lead: boolean;
  /** Client companies the user is a member of. */
  memberOf: number[];
  /** Client companies the user is assigned to as an employee. */
  assignedTo: number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Routes that infrastructure plugins register for themselves, public by nature. */
const INFRASTRUCTURE_PREFIXES = ['/api/docs'];
/** Routes whose answers are data must describe them, for validation and the OpenAPI document. */
const DATA_PREFIXES = ['/api/', '/database/'];

const allowed: Record<Exclude<RouteAccess, 'public'>, (p: Principal) => boolean> = {
  'signed-in': () => true,
  employee: (p) => p.perm || p.admin,
  admin: (p) => p.admin,
};

export function checkAccess(access: RouteAccess, request: FastifyRequest): void {
  if (access === 'public') return;
  const principal = request.principal;
  if (!principal) throw unauthenticated();
  if (!allowed[access](principal)) throw accessDenied();
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    route.config ??= {};
    const config = route.config;
    if (INFRASTRUCTURE_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
      config.access ??= 'public';
      return;
    }
    if (!config.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
    const isData = DATA_PREFIXES.some((prefix) => route.url.startsWith(prefix));
    if (isData && !route.schema?.response) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare a response schema`,
      );
    }
    // A route-level onRequest hook: it runs after every app-wide one (the session layer
    // resolves the caller there) and before the body is parsed, so a caller without
    // access learns nothing about what the route would accept.
    const access = config.access;
    const url = route.url;
    const guard = async (request: FastifyRequest) => {
      try {
        checkAccess(access, request);
      } catch (error) {
        // Every refused authorization is logged: who, from where, what (pino adds the time).
        request.log.warn(
          {
            event: 'access_refused',
            userId: request.principal?.userId ?? null,
            ip: request.ip,
            access,
            route: url,
          },
          'access refused',
        );
        throw error;
      }
    };
    route.onRequest = [...toArray(route.onRequest), guard];
  });
});
