import { adSpecInputSchema, adSpecResponseSchema, clientIdParamsSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createAdSpecRepository } from './ad-spec.repository';
import { createAdSpecService } from './ad-spec.service';

/**
 * The ad spec (SPEC §7 `adspec/{id}`). The id is the client company's: the page
 * `/dashboard/products/ad-spec` has no product in its path and works for the selected
 * company, and one spec covers all of a company's ads products.
 */
export const adSpecRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdSpecService(createAdSpecRepository(app.database.db));
  const tags = ['ad-spec'];

  app.route({
    method: 'GET',
    url: '/api/uni/products/adspec/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary: "A client company's ad spec with its history of changes",
      params: clientIdParamsSchema,
      response: { 200: adSpecResponseSchema },
    },
    handler: async (request) => service.read(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'PUT',
    url: '/api/uni/products/adspec/:id',
    config: { access: { clientOf: 'id', staff: true } },
    schema: {
      tags,
      summary:
        'Staff save the ad spec; `updatedAt` must be the version they edited (409 when it changed since)',
      params: clientIdParamsSchema,
      body: adSpecInputSchema,
      response: { 200: adSpecResponseSchema },
    },
    handler: async (request) =>
      service.save(requirePrincipal(request), request.params.id, request.body),
  });
};
