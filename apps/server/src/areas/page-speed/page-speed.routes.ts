import {
  PAGE_SPEED_PRODUCT_APIS,
  pageSpeedReportSchema,
  pageSpeedRunStartedSchema,
  productIdParamsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { PageSpeedService } from './page-speed.service';

/**
 * Page speed of a website product (SPEC §7 `POST /api/uni/products/{product}/{a}/{b}`):
 * the latest scores with their monthly history, and "Run now". One static path per
 * product API name, so they never shadow another area's `/{product}/…` routes. Clients of
 * the company may run it too: the URL is always the site's stored one, and a site is
 * measured at most once every two minutes.
 */
export const pageSpeedRoutes: FastifyPluginAsyncZod<{ service: PageSpeedService }> = async (
  app,
  { service },
) => {
  const tags = ['website-products'];
  const access = { productOf: 'productId' } as const;
  for (const api of PAGE_SPEED_PRODUCT_APIS) {
    app.route({
      method: 'POST',
      url: `/api/uni/products/${api}/:productId/pagespeed`,
      config: { access },
      schema: {
        tags,
        summary:
          'The site’s latest page-speed scores (mobile, desktop), Core Web Vitals and monthly history',
        params: productIdParamsSchema,
        response: { 200: pageSpeedReportSchema },
      },
      handler: async (request) =>
        service.report(requirePrincipal(request), api, request.params.productId),
    });
    app.route({
      method: 'POST',
      url: `/api/uni/products/${api}/:productId/pagespeed/run`,
      config: { access },
      schema: {
        tags,
        summary:
          'Measure the site now (mobile then desktop); progress arrives as page-speed.progress',
        params: productIdParamsSchema,
        response: { 202: pageSpeedRunStartedSchema },
      },
      handler: async (request, reply) => {
        const job = await service.requestRun(
          requirePrincipal(request),
          api,
          request.params.productId,
        );
        return reply.code(202).send({ job });
      },
    });
  }
};
