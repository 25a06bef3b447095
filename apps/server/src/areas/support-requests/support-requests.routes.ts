import {
  productIdParamsSchema,
  supportListQuerySchema,
  supportReplyInputSchema,
  supportRequestInputSchema,
  supportRequestListSchema,
  supportRequestParamsSchema,
  supportRequestSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createSupportRequestsRepository } from './support-requests.repository';
import { createSupportRequestsService } from './support-requests.service';

/** Support requests: clients ask on a product's page; assigned staff answer and close. */
export const supportRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSupportRequestsService({
    repo: createSupportRequestsRepository(app.database.db),
    events: app.realtime,
  });
  const tags = ['support requests'];

  app.route({
    method: 'POST',
    url: '/api/uni/products/support/:productId',
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: 'Ask the agency for help about one product',
      params: productIdParamsSchema,
      body: supportRequestInputSchema,
      response: { 201: supportRequestSchema },
    },
    handler: async (request, reply) => {
      const created = await service.create(
        requirePrincipal(request),
        request.params.productId,
        request.body,
      );
      reply.code(201);
      return created;
    },
  });

  app.route({
    method: 'GET',
    url: '/api/uni/products/support/:productId',
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: "A product's support requests with their replies, newest first",
      params: productIdParamsSchema,
      response: { 200: supportRequestListSchema },
    },
    handler: async (request) =>
      service.listForProduct(requirePrincipal(request), request.params.productId),
  });

  app.route({
    method: 'GET',
    url: '/api/support-requests',
    // Every employee may call it; the service narrows it to the companies they look after.
    config: { access: 'employee' },
    schema: {
      tags,
      summary: "Staff: the support requests of the caller's clients (admins: all), newest first",
      querystring: supportListQuerySchema,
      response: { 200: supportRequestListSchema },
    },
    handler: async (request) => service.listForStaff(requirePrincipal(request), request.query),
  });

  app.route({
    method: 'POST',
    url: '/api/support-requests/:requestId',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'Staff: reply to a support request, close or reopen it',
      params: supportRequestParamsSchema,
      body: supportReplyInputSchema,
      response: { 200: supportRequestSchema },
    },
    handler: async (request) =>
      service.answer(requirePrincipal(request), request.params.requestId, request.body),
  });
};
