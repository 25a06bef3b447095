import {
  authResponseSchema,
  loginRequestSchema,
  okResponseSchema,
  signInReportListSchema,
  signInReportQuerySchema,
  signupRequestSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthenticated } from '../../kernel/lib/app-error';
import { createAuthService } from './auth.service';
import { createIdentityRepository } from './identity.repository';
import { requestContext } from './request-context';

/** Sign-in with a password, trial sign-up, the current session, and sign-out. */
export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createIdentityRepository(app.database.db);
  const auth = createAuthService({
    repo,
    sessions: app.sessionService,
    log: app.log,
    events: app.realtime,
  });
  const cookie = app.sessionCookie;

  app.route({
    method: 'POST',
    url: '/api/auth/login',
    config: { access: 'public' },
    schema: {
      tags: ['identity'],
      summary: 'Sign in with email and password',
      body: loginRequestSchema,
      response: { 200: authResponseSchema },
    },
    handler: async (request, reply) => {
      // A new session at every sign-in: a token planted before login is never promoted.
      await auth.logout(request.currentSession?.token);
      const { session, response } = await auth.login(request.body, requestContext(request));
      cookie.set(reply, session.token, session.expiresAt);
      return response;
    },
  });

  app.route({
    method: 'POST',
    url: '/api/freemium/create',
    config: { access: 'public' },
    schema: {
      tags: ['identity'],
      summary: 'Sign up for a trial: creates the lead and signs it in',
      body: signupRequestSchema,
      response: { 200: authResponseSchema },
    },
    handler: async (request, reply) => {
      await auth.logout(request.currentSession?.token);
      const { session, response } = await auth.signup(request.body, requestContext(request));
      cookie.set(reply, session.token, session.expiresAt);
      return response;
    },
  });

  app.route({
    method: 'GET',
    url: '/api/auth/session',
    config: { access: 'signed-in' },
    schema: {
      tags: ['identity'],
      summary: 'The current session descriptor and user state',
      response: { 200: authResponseSchema },
    },
    handler: async (request) => {
      const current = request.currentSession;
      if (!current) throw unauthenticated();
      return auth.describe(current.user, current.authType, current.expiresAt);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/auth/logout',
    config: { access: 'public' },
    schema: {
      tags: ['identity'],
      summary: 'End the current session (safe to call without one)',
      response: { 200: okResponseSchema },
    },
    handler: async (request, reply) => {
      await auth.logout(request.currentSession?.token);
      cookie.clear(reply);
      return { ok: true as const };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/reports/sign-ins',
    config: { access: 'employee' },
    schema: {
      tags: ['identity'],
      summary: 'The latest sign-in attempts, newest first (live login report)',
      querystring: signInReportQuerySchema,
      response: { 200: signInReportListSchema },
    },
    handler: async (request) => {
      const rows = await repo.recentSignIns(request.query.limit);
      return {
        items: rows.map((row) => ({
          id: row.id,
          email: row.email,
          userId: row.userId,
          method: row.method,
          outcome: row.outcome,
          ip: row.ip,
          at: row.at.toISOString(),
        })),
      };
    },
  });
};
