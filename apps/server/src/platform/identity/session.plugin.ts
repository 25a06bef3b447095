import cookie from '@fastify/cookie';
import type { AuthType } from '@pinpoint/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../../kernel/lib/access-policy';
import { GATEWAY_HEADER, GATEWAY_SESSION_HEADER } from '../gateway/gateway.routes';
import {
  createIdentityRepository,
  type SessionWithUser,
  type UserRow,
} from './identity.repository';
import { createSessionService, type SessionService } from './session.service';
import { createSessionCookie, type SessionCookie } from './session-cookie';

export interface CurrentSession {
  token: string;
  expiresAt: Date;
  authType: AuthType;
  user: UserRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionService: SessionService;
    sessionCookie: SessionCookie;
  }
  interface FastifyRequest {
    currentSession: CurrentSession | null;
  }
}

/** Only these paths can act on a session; the app's HTML and assets never look it up. */
const SESSION_PATHS = ['/api/', '/database/', '/ws'];

/**
 * Resolves the session cookie into `request.principal` before any route-level access
 * check runs. A lapsed session's cookie is cleared in the same answer.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, opts: { secureCookies: boolean }) => {
  await app.register(cookie);
  const sessionService = createSessionService(createIdentityRepository(app.database.db));
  const sessionCookie = createSessionCookie(opts.secureCookies);
  app.decorate('sessionService', sessionService);
  app.decorate('sessionCookie', sessionCookie);
  app.decorateRequest('currentSession', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!SESSION_PATHS.some((prefix) => request.url.startsWith(prefix))) return;
    // A gateway dispatch carries its caller's session, resolved moments ago by the outer
    // request; only the in-process gateway knows the secret that makes this trusted.
    const handoffKey = request.headers[GATEWAY_SESSION_HEADER];
    if (typeof handoffKey === 'string' && request.headers[GATEWAY_HEADER] === app.gateway.secret) {
      const handoff = app.gateway.handoff.get(handoffKey);
      if (handoff) {
        request.currentSession = handoff.currentSession;
        request.principal = handoff.principal;
        return;
      }
    }
    const token = sessionCookie.read(request);
    if (!token) return;
    const found = await sessionService.resolve(token);
    if (!found) {
      sessionCookie.clear(reply);
      return;
    }
    const { session, user } = found;
    request.currentSession = {
      token,
      expiresAt: session.expiresAt,
      authType: session.authType as AuthType,
      user,
    };
    request.principal = principalOf(found);
  });
});

/** The access-policy view of a resolved session. */
export function principalOf({ user, memberIds, assignedIds }: SessionWithUser): Principal {
  return {
    userId: user.id,
    perm: user.perm,
    admin: user.admin,
    lead: user.lead,
    memberOf: memberIds,
    assignedTo: assignedIds,
  };
}
