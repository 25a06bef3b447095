import {
  geoTargetPageSchema,
  geoTargetParamsSchema,
  geoTargetQuerySchema,
  geoTargetSchema,
  googleAdsRequestSchema,
  googleAdsResponseSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { notFound } from '../../kernel/lib/app-error';
import { searchGeoTargets, usGeoTargets } from '../../providers/google-ads/geotargets';
import type { GoogleAdsService } from './google-ads.service';

/**
 * Google Ads (SPEC §7): `POST /api/googleads/` with the report's name in the body, and the
 * geo target constants. The report route is `signed-in` at the guard because its product id
 * is in the body; the service checks the product's company for every report
 * (google-ads.service.ts `scope`), and google-ads.access.test.ts proves the refusals.
 */
export const googleAdsRoutes: FastifyPluginAsyncZod<{ service: GoogleAdsService }> = async (
  app,
  { service },
) => {
  const tags = ['google-ads'];

  app.route({
    method: 'POST',
    url: '/api/googleads/',
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary:
        "A Google Ads product's report for a date range: performance/report, leads, account/metrics, account/snapshot, campaigns/metrics, reports/locations, campaigns/schedules, reports/keywords, info/ads, ads/all, assets/images; and estimator/calculate (staff only, no product: keyword ideas and a forecast)",
      body: googleAdsRequestSchema,
      response: { 200: googleAdsResponseSchema },
    },
    handler: async (request) => service.report(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/googleads/geotargets',
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'Searches the US geo target constants by name (q), optionally of one type, paged',
      querystring: geoTargetQuerySchema,
      response: { 200: geoTargetPageSchema },
    },
    handler: async (request) => {
      const { page, pageSize, ...query } = request.query;
      return searchGeoTargets(query, page, pageSize);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/googleads/geotargets/us',
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'The US geo target constants (country, states, largest cities), paged',
      querystring: geoTargetQuerySchema.omit({ q: true }),
      response: { 200: geoTargetPageSchema },
    },
    handler: async (request) =>
      searchGeoTargets({ type: request.query.type }, request.query.page, request.query.pageSize),
  });

  app.route({
    method: 'GET',
    url: '/api/googleads/geotargets/:code',
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'One geo target constant by its criteria id',
      params: geoTargetParamsSchema,
      response: { 200: geoTargetSchema },
    },
    handler: async (request) => {
      const geo = usGeoTargets().byId.get(request.params.code);
      if (!geo) throw notFound('No such geo target in the US list.');
      return geo;
    },
  });
};
