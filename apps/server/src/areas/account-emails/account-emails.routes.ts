import {
  accountLinkCheckSchema,
  accountLinkQuerySchema,
  forgotPasswordAnswerSchema,
  forgotPasswordSchema,
  invitationResendParamsSchema,
  invitationResentSchema,
  passwordSetSchema,
  setPasswordWithTokenSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { requestContext } from '../../platform/identity/request-context';
import type { AccountEmailsService } from './account-emails.service';

/**
 * The public account-email routes (activation, forgot and reset password), and the staff
 * route that resends an invitation. Tokens travel in bodies and the `token` query
 * parameter, both of which the logger redacts (lib/logger.ts).
 */
export const accountEmailsRoutes: FastifyPluginAsyncZod<{ service: AccountEmailsService }> = async (
  app,
  { service },
) => {
  app.route({
    method: 'GET',
    url: '/api/auth/account-link',
    config: { access: 'public' },
    schema: {
      tags: ['identity'],
      summary: 'Whether an activation or reset link is valid, expired or used (before the form)',
      querystring: accountLinkQuerySchema,
      response: { 200: accountLinkCheckSchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.checkLink(request.query.token, request.query.purpose);
    },
  });

  app.route({
    method: 'POST',
    url: '/api/auth/activate',
    config: { access: 'public' },
    schema: {
      tags: ['identity'],
      summary: 'Set the first password of an invited account from its activation link',
      body: setPasswordWithTokenSchema,
      response: { 200: passwordSetSchema },
    },
    handler: async (request) =>
      service.setPassword(request.body.token, 'activation', request.body.password),
  });

  app.route({
    method: 'POST',
    url: '/api/auth/forgot-password',
    config: { access: 'public' },
    schema: {
      tags: ['identity'],
      summary: 'Email a password-reset link (the same answer whether the account exists or not)',
      body: forgotPasswordSchema,
      response: { 202: forgotPasswordAnswerSchema },
    },
    handler: async (request, reply) =>
      reply
        .code(202)
        .send(await service.forgotPassword(request.body.email, requestContext(request))),
  });

  app.route({
    method: 'POST',
    url: '/api/auth/reset-password',
    config: { access: 'public' },
    schema: {
      tags: ['identity'],
      summary: 'Choose a new password from a reset link; ends every session of the account',
      body: setPasswordWithTokenSchema,
      response: { 200: passwordSetSchema },
    },
    handler: async (request) =>
      service.setPassword(request.body.token, 'reset', request.body.password),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/insertUser/:userId/resend',
    config: { access: 'employee' },
    schema: {
      tags: ['clients'],
      summary:
        'Send a new activation email to a client user who has not activated (employees: assigned companies only)',
      params: invitationResendParamsSchema,
      response: { 200: invitationResentSchema },
    },
    handler: async (request) =>
      service.resendInvitation(requirePrincipal(request), request.params.userId),
  });
};
