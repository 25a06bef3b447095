import { hostingReportSchema, productIdParamsSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HostingService } from './hosting.service';

/** Website Hosting's plan, disk and bandwidth, SSL and domain renewal (our synced rows). */
export const hostingRoutes: FastifyPluginAsyncZod<{ service: HostingService }> = async (
  app,
  { service },
) => {
  app.route({
    method: 'POST',
    url: '/api/uni/products/hosting/:productId/hosting',
    config: { access: { productOf: 'productId' } },
    schema: {
      tags: ['website-products'],
      summary:
        'The hosting account: plan, disk and bandwidth use of quota, SSL, domain renewal, monthly use',
      params: productIdParamsSchema,
      response: { 200: hostingReportSchema },
    },
    handler: async (request) => service.report(request.params.productId),
  });
};
