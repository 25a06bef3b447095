import {
  listingAcceptInputSchema,
  listingComparisonSchema,
  listingPushInputSchema,
  listingScanSummarySchema,
  productIdParamsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { ListingSummaries } from './listing-summaries';
import type { ListingsService } from './listings.service';

/**
 * A Google product's profile listing (SPEC §7 `/api/uni/products/listings/{id}`): Google's
 * listing beside ours, "Push our data", "Accept Google's", and "seen". Everyone who may see
 * the company may use them: the push sends the company's own profile, which its members
 * may already edit on the profile page.
 */
export const listingsRoutes: FastifyPluginAsyncZod<{
  service: ListingsService;
  /** Who answers the summary's path for products of other areas (listing scans). */
  summaries: ListingSummaries;
}> = async (app, { service, summaries }) => {
  const tags = ['listings'];
  const base = '/api/uni/products/listings';
  const access = { productOf: 'productId' } as const;

  app.route({
    method: 'GET',
    url: `${base}/:productId`,
    config: { access },
    schema: {
      tags,
      summary:
        "Google's listing beside the company's profile; for the listings products, their directory scan's summary",
      params: productIdParamsSchema,
      response: { 200: z.union([listingComparisonSchema, listingScanSummarySchema]) },
    },
    handler: async (request) => {
      const principal = requirePrincipal(request);
      const { productId } = request.params;
      const other = await summaries.answererOf(productId);
      if (other) return other.summary(principal, productId);
      return service.get(principal, productId);
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/push`,
    config: { access },
    schema: {
      tags,
      summary: 'Push our values of the chosen fields to Google (through the outbox)',
      params: productIdParamsSchema,
      body: listingPushInputSchema,
      response: { 202: listingComparisonSchema },
    },
    handler: async (request, reply) => {
      reply.code(202);
      return service.push(requirePrincipal(request), request.params.productId, request.body);
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/accept`,
    config: { access },
    schema: {
      tags,
      summary: "Take Google's values of the chosen fields into the company's profile",
      params: productIdParamsSchema,
      body: listingAcceptInputSchema,
      response: { 200: listingComparisonSchema },
    },
    handler: async (request) =>
      service.accept(requirePrincipal(request), request.params.productId, request.body.fields),
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/seen`,
    config: { access },
    schema: {
      tags,
      summary: "Mark Google's changes as seen (the changed-field flags clear)",
      params: productIdParamsSchema,
      body: z.object({}).optional(),
      response: { 200: listingComparisonSchema },
    },
    handler: async (request) => service.seen(requirePrincipal(request), request.params.productId),
  });
};
