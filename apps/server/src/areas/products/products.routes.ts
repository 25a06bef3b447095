import { clientIdParamsSchema, clientProductsResponseSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createProductsRepository } from './products.repository';
import { createProductsService } from './products.service';

/** A client company's product instances with catalog names, status, start date and price. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const productsService = createProductsService(createProductsRepository(app.database.db));

  app.route({
    method: 'GET',
    url: '/api/uni/client/products/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags: ['products'],
      summary: "A company's products (every status), in catalog order",
      params: clientIdParamsSchema,
      response: { 200: clientProductsResponseSchema },
    },
    handler: async (request) => ({
      items: await productsService.listForCompany(requirePrincipal(request), request.params.id),
    }),
  });
};
