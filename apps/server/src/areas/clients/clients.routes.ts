import {
  clientIdParamsSchema,
  clientRecordSchema,
  userClientsResponseSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { payloadIf } from '../../platform/realtime/event-bus';
import { createClientsRepository } from './clients.repository';
import { createClientsService } from './clients.service';

/** The client record (SPEC §7 `/api/uni/client/{id}`) and the user's clients. */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const clients = createClientsService(createClientsRepository(app.database.db));
  app.realtime.onChange((event) => {
    const changed = payloadIf(event, 'client.changed');
    if (changed) clients.forget(changed.clientId);
  });

  app.route({
    method: 'GET',
    url: '/api/uni/client/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags: ['clients'],
      summary: 'One client company',
      params: clientIdParamsSchema,
      response: { 200: clientRecordSchema },
    },
    handler: async (request) => clients.get(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/user/clients',
    config: { access: 'signed-in' },
    schema: {
      tags: ['clients'],
      summary: 'The client companies the signed-in user works with',
      response: { 200: userClientsResponseSchema },
    },
    handler: async (request) => ({ clients: await clients.listFor(requirePrincipal(request)) }),
  });
};
