import {
  authResponseSchema,
  socialLinkRequestSchema,
  socialLogoutResponseSchema,
  socialProviderParamsSchema,
  socialProvidersResponseSchema,
} from '@pinpoint/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAuthService } from '../auth.service';
import { createIdentityRepository } from '../identity.repository';
import { requestContext } from '../request-context';
import { callbackPage } from './callback-page';
import { createSocialRepository } from './social.repository';
import { createSocialService, FLOW_LIFETIME_MS } from './social.service';
import { createSocialProviders } from './social-providers';

const STATE_COOKIE = 'pinpoint_oauth_state';

/** Sign-in through the Google-style and Facebook-style providers, in a popup. */
export const socialRoutes: FastifyPluginAsyncZod<{
  social: Parameters<typeof createSocialProviders>[0];
  publicUrl: string | null;
  secureCookies: boolean;
}> = async (app, opts) => {
  const identity = createIdentityRepository(app.database.db);
  const auth = createAuthService({
    repo: identity,
    sessions: app.sessionService,
    log: app.log,
    events: app.realtime,
  });
  const social = createSocialService({
    providers: createSocialProviders(opts.social, app.recordProviderCall),
    social: createSocialRepository(app.database.db),
    identity,
    auth,
    log: app.log,
  });
  const stateCookie = {
    path: '/api/auth/social',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secureCookies,
  };
  // PUBLIC_URL when set; otherwise this request's own origin (default ports dropped).
  const callbackUrl = (request: FastifyRequest, provider: string) =>
    new URL(
      `/api/auth/social/${provider}/callback`,
      opts.publicUrl ?? `${request.protocol}://${request.host}`,
    ).toString();

  app.route({
    method: 'GET',
    url: '/api/auth/providers',
    config: { access: 'public' },
    schema: {
      tags: ['identity'],
      summary: 'Which social sign-in providers are configured',
      response: { 200: socialProvidersResponseSchema },
    },
    handler: async () => ({
      google: social.enabled('google'),
      facebook: social.enabled('facebook'),
    }),
  });

  app.route({
    method: 'GET',
    url: '/api/auth/social/:provider/start',
    config: { access: 'public', gateway: false },
    schema: {
      tags: ['identity'],
      summary: 'Start a social sign-in (opened in a popup): redirects to the provider',
      params: socialProviderParamsSchema,
      response: { 302: z.null().describe('Redirect to the provider') },
    },
    handler: async (request, reply) => {
      const { provider } = request.params;
      const { state, url } = await social.start(provider, callbackUrl(request, provider));
      reply.setCookie(STATE_COOKIE, state, { ...stateCookie, maxAge: FLOW_LIFETIME_MS / 1000 });
      return reply.redirect(url.toString(), 302);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/auth/social/:provider/callback',
    config: { access: 'public', gateway: false },
    schema: {
      tags: ['identity'],
      summary: 'Where the provider returns the popup; reports the outcome to the opener',
      params: socialProviderParamsSchema,
      response: { 200: z.string().describe('An HTML page') },
    },
    handler: async (request, reply) => {
      const { provider } = request.params;
      const current = new URL(request.url, callbackUrl(request, provider));
      const outcome = await social.complete(
        provider,
        current,
        request.cookies[STATE_COOKIE],
        requestContext(request),
      );
      reply.clearCookie(STATE_COOKIE, stateCookie);
      if (outcome.status === 'signed-in') {
        app.sessionCookie.set(reply, outcome.session.token, outcome.session.expiresAt);
      }
      // The session token goes into the cookie only, never into the page.
      const message =
        outcome.status === 'signed-in'
          ? { status: outcome.status, provider, name: outcome.name, email: outcome.email }
          : outcome;
      return (
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          // The popup arrives here from the provider's page; any other opener policy would
          // put it in a new browsing-context group and cut it off from the page that opened it.
          .header('cross-origin-opener-policy', 'unsafe-none')
          .send(callbackPage({ source: 'pinpoint-social', ...message }))
      );
    },
  });

  app.route({
    method: 'POST',
    url: '/api/auth/social/link',
    config: { access: 'public' },
    schema: {
      tags: ['identity'],
      summary: 'Link a social identity to an existing account by confirming its password',
      body: socialLinkRequestSchema,
      response: { 200: authResponseSchema },
    },
    handler: async (request, reply) => {
      await auth.logout(request.currentSession?.token);
      const { session, response } = await social.confirmLink(
        request.body.linkToken,
        request.body.password,
        requestContext(request),
      );
      app.sessionCookie.set(reply, session.token, session.expiresAt);
      return response;
    },
  });

  app.route({
    method: 'POST',
    url: '/api/auth/social/:provider/logout',
    config: { access: 'public' },
    schema: {
      tags: ['identity'],
      summary: 'Sign out of one provider: ends the session only if that provider opened it',
      params: socialProviderParamsSchema,
      response: { 200: socialLogoutResponseSchema },
    },
    handler: async (request, reply) => {
      const current = request.currentSession;
      const opened = current?.authType === request.params.provider;
      if (current && opened) {
        await auth.logout(current.token);
        app.sessionCookie.clear(reply);
      }
      return { ok: true as const, signedOut: Boolean(opened) };
    },
  });
};
