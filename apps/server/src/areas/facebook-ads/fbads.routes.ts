import {
  fbadsEstimateBodySchema,
  fbadsEstimateSchema,
  fbadsGoalListSchema,
  fbadsIndustryListSchema,
  fbadsReportBodySchema,
  fbadsReportSchema,
  productIdParamsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { FbadsService } from './fbads.service';

/**
 * Facebook Ads: the product's report (SPEC §7 product overviews, `POST
 * /api/uni/products/fbads/{productId}/report`) and the staff sales tool (SPEC §7
 * "Facebook ads sales: GET industry and goal lists, POST info").
 */
export const fbadsRoutes: FastifyPluginAsyncZod<{ service: FbadsService }> = async (
  app,
  { service },
) => {
  const tags = ['facebook-ads'];

  app.route({
    method: 'POST',
    url: '/api/uni/products/fbads/:productId/report',
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary:
        "A Facebook Ads product's figures for a range of the ad account's days: totals, the previous period, each day and each campaign",
      params: productIdParamsSchema,
      body: fbadsReportBodySchema,
      response: { 200: fbadsReportSchema },
    },
    handler: async (request) =>
      service.report(requirePrincipal(request), request.params.productId, request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/fbads/sales/industries',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'Industries for the Facebook ads estimate, with how many synced campaigns each has',
      response: { 200: fbadsIndustryListSchema },
    },
    handler: async () => service.industries(),
  });

  app.route({
    method: 'GET',
    url: '/api/fbads/sales/goals',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'Campaign goals the Facebook ads estimate can be made for',
      response: { 200: fbadsGoalListSchema },
    },
    handler: async () => service.goals(),
  });

  app.route({
    method: 'POST',
    url: '/api/fbads/sales/info',
    config: { access: 'employee' },
    schema: {
      tags,
      summary:
        'An estimate of impressions, reach and leads for a monthly budget, from our synced campaigns of the industry',
      body: fbadsEstimateBodySchema,
      response: { 200: fbadsEstimateSchema },
    },
    handler: async (request) => service.estimate(request.body),
  });
};
