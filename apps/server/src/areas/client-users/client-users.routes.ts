import { clientUserCreatedSchema, clientUserCreateSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { AccountEmailsService } from '../account-emails';
import { createClientUsersRepository } from './client-users.repository';
import { createClientUsersService } from './client-users.service';

/** SPEC §7 `POST /api/uni/insertUser`: staff create a client company's user. */
export const clientUsersRoutes: FastifyPluginAsyncZod<{
  accountEmails: AccountEmailsService;
}> = async (app, { accountEmails }) => {
  const clientUsers = createClientUsersService(
    createClientUsersRepository(app.database.db),
    (user, company) => accountEmails.invite(user, company),
  );

  app.route({
    method: 'POST',
    url: '/api/uni/insertUser',
    config: { access: 'employee' },
    schema: {
      tags: ['clients'],
      summary:
        'Create a sign-in for a member of a client company and email its activation link (employees: assigned companies only)',
      body: clientUserCreateSchema,
      response: { 201: clientUserCreatedSchema },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await clientUsers.create(requirePrincipal(request), request.body)),
  });
};
