import { clientIdParamsSchema, clientRecordSchema, profileUpdateSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { PlacesProvider } from '../../providers/places/port';
import { createClientsRepository } from '../clients';
import { createPlacesService } from '../places';
import { createProfileRepository } from './profile.repository';
import { createProfileService } from './profile.service';

/** The company profile page's one write (`/dashboard/profile/{company_id}`). */
export const profileRoutes: FastifyPluginAsyncZod<{ places: PlacesProvider }> = async (
  app,
  { places },
) => {
  const profile = createProfileService({
    clients: createClientsRepository(app.database.db),
    profiles: createProfileRepository(app.database.db),
    places: createPlacesService(places),
  });

  app.route({
    method: 'PUT',
    url: '/api/uni/client/:id/profile',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags: ['clients'],
      summary:
        "Change a company's contact fields and location (a picked place id); fields left out stay as they are, empty ones are cleared",
      params: clientIdParamsSchema,
      body: profileUpdateSchema,
      response: { 200: clientRecordSchema },
    },
    handler: async (request) => {
      const { id } = request.params;
      const record = await profile.update(requirePrincipal(request), id, request.body);
      // Every process drops its cached copy of the record (clients.service.ts).
      app.realtime.publish({
        type: 'client.changed',
        payload: { clientId: id },
        audience: { client: id },
      });
      return record;
    },
  });
};
