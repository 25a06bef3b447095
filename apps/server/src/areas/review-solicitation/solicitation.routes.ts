import {
  solicitationAddParamsSchema,
  solicitationCreatedSchema,
  solicitationCreateSchema,
  solicitationProductParamsSchema,
  solicitationRequestDetailSchema,
  solicitationRequestParamsSchema,
  solicitationRequestsPageSchema,
  solicitationRequestsQuerySchema,
  solicitationStatsQuerySchema,
  solicitationStatsSchema,
  solicitationSummarySchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createHistoryService } from './history.service';
import type { SolicitationService } from './solicitation.service';

/**
 * The review-solicitation page's routes (SPEC §7 `reviewsolicitation/{id}{suffix}` and
 * `reviewsolicitation/{a}/{b}/add`): its summary, the history of requests, one request's
 * timeline, the totals, and the form's create. Members of the product's company, the
 * employees assigned to it and admins (`productOf`); the service scopes every read to the
 * product's company, so another company's request is not found.
 */
export const solicitationRoutes: FastifyPluginAsyncZod<{
  service: SolicitationService;
}> = async (app, { service }) => {
  const tags = ['review-solicitation'];
  const base = '/api/uni/products/reviewsolicitation';
  const access = { productOf: 'productId' } as const;
  const history = createHistoryService({
    db: app.database.db,
    now: () => new Date(),
    transports: () => ({ email: app.mail.mode, sms: app.sms.mode }),
    sending: service,
  });

  app.route({
    method: 'GET',
    url: `${base}/:productId`,
    config: { access },
    schema: {
      tags,
      summary:
        'The page summary: product, company, whether a review link exists, and where messages go',
      params: solicitationProductParamsSchema,
      response: { 200: solicitationSummarySchema },
    },
    handler: async (request) => history.summary(request.params.productId),
  });

  app.route({
    method: 'GET',
    url: `${base}/:productId/requests`,
    config: { access },
    schema: {
      tags,
      summary: "The product's review requests, newest first, filtered and paged",
      params: solicitationProductParamsSchema,
      querystring: solicitationRequestsQuerySchema,
      response: { 200: solicitationRequestsPageSchema },
    },
    handler: async (request) => history.list(request.params.productId, request.query),
  });

  app.route({
    method: 'GET',
    url: `${base}/:productId/requests/:requestId`,
    config: { access },
    schema: {
      tags,
      summary: 'One review request with its messages and timeline',
      params: solicitationRequestParamsSchema,
      response: { 200: solicitationRequestDetailSchema },
    },
    handler: async (request) => history.detail(request.params.productId, request.params.requestId),
  });

  app.route({
    method: 'GET',
    url: `${base}/:productId/stats`,
    config: { access },
    schema: {
      tags,
      summary:
        'Totals (sent, delivered, clicked, reviewed, opted out, failed) and weekly conversion',
      params: solicitationProductParamsSchema,
      querystring: solicitationStatsQuerySchema,
      response: { 200: solicitationStatsSchema },
    },
    handler: async (request) => history.stats(request.params.productId, request.query),
  });

  app.route({
    method: 'POST',
    url: `${base}/:productType/:productId/add`,
    config: { access },
    schema: {
      tags,
      summary: 'Asks one or more customers for a review, now or at a local time',
      params: solicitationAddParamsSchema,
      body: solicitationCreateSchema,
      response: { 201: solicitationCreatedSchema },
    },
    handler: async (request, reply) => {
      const created = await history.create(
        requirePrincipal(request),
        request.params.productType,
        request.params.productId,
        request.body,
      );
      return reply.code(201).send(created);
    },
  });
};
