import { REALTIME_PATH } from '@pinpoint/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { productInstances } from '../db/schema';
import {
  allows,
  describeAccess,
  ownerParam,
  type Principal,
  type RouteAccess,
} from '../lib/access-policy';
import { accessDenied, notFound, unauthenticated } from '../lib/app-error';

export type { Principal, RouteAccess };

/** One entry per API route, with the access it declared: what the authorization sweep walks. */
export interface RouteTableEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** Reachable through `POST /database/request` (JSON routes; not the popup pages). */
  gateway: boolean;
  /** The zod schemas of its input, which the bad-input test generates wrong values from. */
  input: { params?: unknown; querystring?: unknown; body?: unknown };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** false for routes that answer with pages or redirects rather than JSON. */
    gateway?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    routeTable: RouteTableEntry[];
    productOwners: ProductOwners;
  }
}

/** Routes that infrastructure plugins register for themselves, public by nature. */
const INFRASTRUCTURE_PREFIXES = ['/api/docs'];
/** Routes whose answers are data must describe them, for validation and the OpenAPI document. */
const DATA_PREFIXES = ['/api/', '/database/'];

/**
 * The signed-in caller of a route that declared an access level other than 'public'. The
 * access guard has already refused anonymous calls; this turns a missing principal into the
 * same 401 instead of a crash, should a route ever be misdeclared.
 */
export function requirePrincipal(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw unauthenticated();
  return request.principal;
}

/** Product instances never change company, so their owner is remembered (bounded). */
const PRODUCT_OWNERS_MAX = 50_000;

/**
 * The owner of each product instance an access check has looked up: per app, since each
 * app has a database of its own (tests run many apps in one process).
 */
export interface ProductOwners {
  ownerOf(productId: number): Promise<number | null>;
}

function createProductOwners(database: FastifyInstance['database']): ProductOwners {
  const owners = new Map<number, number>();
  return {
    async ownerOf(productId) {
      const known = owners.get(productId);
      if (known !== undefined) return known;
      const [row] = await database.db
        .select({ companyId: productInstances.companyId })
        .from(productInstances)
        .where(eq(productInstances.id, productId));
      if (!row) return null;
      if (owners.size >= PRODUCT_OWNERS_MAX) owners.clear();
      owners.set(productId, row.companyId);
      return row.companyId;
    },
  };
}

export async function checkAccess(access: RouteAccess, request: FastifyRequest): Promise<void> {
  if (access === 'public') return;
  const principal = request.principal;
  if (!principal) throw unauthenticated();
  let clientId: number | undefined;
  if (typeof access === 'object') {
    const raw = (request.params as Record<string, string | undefined>)[ownerParam(access)] ?? '';
    const isProduct = 'productOf' in access;
    const missing = () => notFound(isProduct ? 'No such product.' : 'No such client.');
    if (!/^[1-9]\d{0,9}$/.test(raw)) throw missing();
    // Callers without staff rights learn nothing about ids they cannot see.
    if (access.staff && !principal.perm && !principal.admin) throw accessDenied();
    if (isProduct) {
      const owner = await request.server.productOwners.ownerOf(Number(raw));
      if (owner === null) {
        if (!principal.admin) throw accessDenied();
        throw missing();
      }
      clientId = owner;
    } else {
      clientId = Number(raw);
    }
  }
  if (!allows(access, principal, clientId)) throw accessDenied();
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Every route declares who may call it in `config.access`; a route without it stops the
 * server at start-up. The check runs as a route-level onRequest hook: after the session
 * layer has named the caller, before the body is parsed.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('principal', null);
  app.decorate('productOwners', createProductOwners(app.database));
  const routeTable: RouteTableEntry[] = [];
  app.decorate('routeTable', routeTable);

  app.addHook('onRoute', (route) => {
    route.config ??= {};
    const config = route.config;
    if (INFRASTRUCTURE_PREFIXES.some((prefix) => route.url.startsWith(prefix))) {
      config.access ??= 'public';
      return;
    }
    const access = config.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
    // A form route skips the same-origin check, which is only safe where no session counts.
    if (config.htmlForm === true && access !== 'public') {
      throw new Error(`Route ${route.url} takes HTML forms from anywhere, so it must be public`);
    }
    const isData = DATA_PREFIXES.some((prefix) => route.url.startsWith(prefix));
    if (isData && !route.schema?.response) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare a response schema`,
      );
    }
    if (typeof access === 'object' && !route.url.includes(`:${ownerParam(access)}`)) {
      throw new Error(
        `Route ${route.url} names owner param "${ownerParam(access)}" it does not have`,
      );
    }
    if (isData || ['/healthz', '/readyz', REALTIME_PATH].includes(route.url)) {
      const gateway = isData && config.gateway !== false;
      for (const method of toArray(route.method)) {
        const { params, querystring, body } = route.schema ?? {};
        routeTable.push({
          method,
          url: route.url,
          access,
          gateway,
          input: { params, querystring, body },
        });
      }
    }

    const url = route.url;
    const guard = async (request: FastifyRequest) => {
      try {
        await checkAccess(access, request);
      } catch (error) {
        // Every refused authorization is logged: who, from where, what (pino adds the time).
        request.log.warn(
          {
            event: 'access_refused',
            userId: request.principal?.userId ?? null,
            ip: request.ip,
            access: describeAccess(access),
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
