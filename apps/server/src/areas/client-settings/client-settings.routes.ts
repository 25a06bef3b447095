import {
  clientIdParamsSchema,
  clientSettingsSchema,
  clientSettingsViewSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createClientSettingsService } from './client-settings.service';

/** A client's own settings (client-settings.service.ts says who may do what). */
export const clientSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = createClientSettingsService(app.database.db);

  app.route({
    method: 'GET',
    url: '/api/uni/client/:id/settings',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags: ['clients'],
      summary: "A client's own settings (approval of staff replies)",
      params: clientIdParamsSchema,
      response: { 200: clientSettingsViewSchema },
    },
    handler: async (request) => settings.read(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'PUT',
    url: '/api/uni/client/:id/settings',
    config: { access: { clientOf: 'id', owners: true } },
    schema: {
      tags: ['clients'],
      summary: "Change a client's own settings (its members and admins only)",
      params: clientIdParamsSchema,
      body: clientSettingsSchema,
      response: { 200: clientSettingsViewSchema },
    },
    handler: async (request) =>
      settings.update(requirePrincipal(request), request.params.id, request.body),
  });
};
