import {
  productIdParamsSchema,
  WEBSITE_PRODUCT_APIS,
  websiteDemoStateBodySchema,
  websiteSetUrlBodySchema,
  websiteSiteResultSchema,
  websiteUptimeBodySchema,
  websiteUptimeReportSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { WebsitesService } from './websites.service';

/**
 * Website products' uptime (issue 18). The report follows SPEC §7's product overviews,
 * `POST /api/uni/products/{api}/{productId}/uptime`, once per website api
 * (webworx, hosting, website, powerpage, omgincontact); the staff controls live under
 * `/api/uni/products/website/{productId}/…` for every website product.
 */
export const websitesRoutes: FastifyPluginAsyncZod<{ service: WebsitesService }> = async (
  app,
  { service },
) => {
  const tags = ['websites'];
  const staff = { productOf: 'productId', staff: true } as const;

  for (const api of Object.keys(WEBSITE_PRODUCT_APIS)) {
    app.route({
      method: 'POST',
      url: `/api/uni/products/${api}/:productId/uptime`,
      config: { access: { productOf: 'productId' } },
      schema: {
        tags,
        summary:
          "A website product's site: status now, last check, the 90-day uptime strip, response times and the range's incidents",
        params: productIdParamsSchema,
        body: websiteUptimeBodySchema,
        response: { 200: websiteUptimeReportSchema },
      },
      handler: async (request) =>
        service.report(requirePrincipal(request), request.params.productId, request.body),
    });
  }

  app.route({
    method: 'PUT',
    url: '/api/uni/products/website/:productId/site',
    config: { access: staff },
    schema: {
      tags,
      summary:
        'Staff: point the product at a site URL (http or https; private, loopback and link-local addresses are refused)',
      params: productIdParamsSchema,
      body: websiteSetUrlBodySchema,
      response: { 200: websiteSiteResultSchema },
    },
    handler: async (request) => ({
      site: await service.setUrl(
        requirePrincipal(request),
        request.params.productId,
        request.body.url,
      ),
    }),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/products/website/:productId/check',
    config: { access: staff },
    schema: {
      tags,
      summary: 'Staff: check the site now, as the 5-minute check would',
      params: productIdParamsSchema,
      response: { 200: websiteSiteResultSchema },
    },
    handler: async (request) => ({
      site: await service.checkNow(requirePrincipal(request), request.params.productId),
    }),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/products/website/:productId/demo-site',
    config: { access: staff },
    schema: {
      tags,
      summary: 'Staff: take the demo site down (it answers 503) or bring it back up',
      params: productIdParamsSchema,
      body: websiteDemoStateBodySchema,
      response: { 200: websiteSiteResultSchema },
    },
    handler: async (request) => ({
      site: await service.setDemoDown(
        requirePrincipal(request),
        request.params.productId,
        request.body.down,
      ),
    }),
  });
};
