import { productIdParamsSchema, productPageSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createProductPagesRepository } from './product-pages.repository';
import { createProductPagesService } from './product-pages.service';

/** The product page's own data (SPEC §2 `/dashboard/products/{product_name}/{product_id}`). */
export const productPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createProductPagesService(createProductPagesRepository(app.database.db));

  app.route({
    method: 'GET',
    url: '/api/uni/products/item/:productId',
    config: { access: { productOf: 'productId' } },
    schema: {
      tags: ['products'],
      summary: 'One product instance with its company and the vendor connection behind it',
      params: productIdParamsSchema,
      response: { 200: productPageSchema },
    },
    handler: async (request) => service.get(requirePrincipal(request), request.params.productId),
  });
};
