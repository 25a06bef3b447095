import {
  listingFixInputSchema,
  listingFixSchema,
  listingRescanInputSchema,
  listingRescanResultSchema,
  listingScanDataQuerySchema,
  listingScanDataSchema,
  productIdParamsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { ListingScansService } from './listing-scans.service';

/**
 * Business-listings scans (SPEC §7 `/api/uni/products/listings/data/{id}` and actions). The
 * summary answers on `GET /api/uni/products/listings/{id}`, which the Google listing's
 * routes own and hand to this service for the two listings products.
 */
export const listingScansRoutes: FastifyPluginAsyncZod<{ service: ListingScansService }> = async (
  app,
  { service },
) => {
  const tags = ['listing-scans'];
  const base = '/api/uni/products/listings';

  app.route({
    method: 'GET',
    url: `${base}/data/:productId`,
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: 'The directory table of the latest scan (filters, paging) and the score history',
      params: productIdParamsSchema,
      querystring: listingScanDataQuerySchema,
      response: { 200: listingScanDataSchema },
    },
    handler: async (request) =>
      service.data(requirePrincipal(request), request.params.productId, request.query),
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/rescan`,
    config: { access: { productOf: 'productId', staff: true } },
    schema: {
      tags,
      summary: 'Scan every directory again now (staff); answers the scan under way if one is',
      params: productIdParamsSchema,
      body: listingRescanInputSchema,
      response: { 202: listingRescanResultSchema },
    },
    handler: async (request, reply) => {
      reply.code(202);
      return service.rescan(requirePrincipal(request), request.params.productId);
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/fix`,
    config: { access: { productOf: 'productId', staff: true } },
    schema: {
      tags,
      summary: 'Send our values of the chosen fields to one directory (staff; through the outbox)',
      params: productIdParamsSchema,
      body: listingFixInputSchema,
      response: { 202: listingFixSchema },
    },
    handler: async (request, reply) => {
      reply.code(202);
      return service.fix(requirePrincipal(request), request.params.productId, request.body);
    },
  });
};
