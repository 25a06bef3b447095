import rateLimit from '@fastify/rate-limit';
import {
  companyReviewsParamsSchema,
  productIdParamsSchema,
  reviewDeleteReplyInputSchema,
  reviewDetailSchema,
  reviewDraftSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewParamsSchema,
  reviewReplyInputSchema,
  reviewSummarySchema,
  reviewWriteResultSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { ReviewsService } from './reviews.service';

/** Reviews (SPEC §7 `/api/uni/products/reviews/{id}`), their summary, replies and drafts. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ service: ReviewsService }> = async (
  app,
  { service },
) => {
  await app.register(rateLimit, { global: false });
  const tags = ['reviews'];
  const base = '/api/uni/products/reviews';

  app.route({
    method: 'GET',
    url: `${base}/company/:id`,
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary: "Every review of a company's products, filtered, sorted and paged",
      params: companyReviewsParamsSchema,
      querystring: reviewListQuerySchema,
      response: { 200: reviewListSchema },
    },
    handler: async (request) =>
      service.companyList(requirePrincipal(request), request.params.id, request.query),
  });

  app.route({
    method: 'GET',
    url: `${base}/company/:id/summary`,
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary: "A company's review summary for a date range",
      params: companyReviewsParamsSchema,
      querystring: reviewListQuerySchema,
      response: { 200: reviewSummarySchema },
    },
    handler: async (request) =>
      service.companySummary(requirePrincipal(request), request.params.id, request.query),
  });

  app.route({
    method: 'GET',
    url: `${base}/:productId`,
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: "A product's reviews, filtered, sorted and paged",
      params: productIdParamsSchema,
      querystring: reviewListQuerySchema,
      response: { 200: reviewListSchema },
    },
    handler: async (request) =>
      service.productList(requirePrincipal(request), request.params.productId, request.query),
  });

  app.route({
    method: 'GET',
    url: `${base}/:productId/summary`,
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: "A product's review summary for a date range, with its connections' freshness",
      params: productIdParamsSchema,
      querystring: reviewListQuerySchema,
      response: { 200: reviewSummarySchema },
    },
    handler: async (request) =>
      service.productSummary(requirePrincipal(request), request.params.productId, request.query),
  });

  app.route({
    method: 'GET',
    url: `${base}/:productId/:reviewId`,
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: 'One review with the history of its replies and their statuses',
      params: reviewParamsSchema,
      response: { 200: reviewDetailSchema },
    },
    handler: async (request) =>
      service.detail(requirePrincipal(request), request.params.productId, request.params.reviewId),
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/:reviewId/reply`,
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: 'Reply (or replace the reply): queued in the outbox, sent by a job',
      params: reviewParamsSchema,
      body: reviewReplyInputSchema,
      response: { 202: reviewWriteResultSchema },
    },
    handler: async (request, reply) => {
      reply.code(202);
      const { productId, reviewId } = request.params;
      return service.reply(requirePrincipal(request), productId, reviewId, request.body);
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/:reviewId/delete-reply`,
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: 'Delete the reply: queued in the outbox, sent by a job',
      params: reviewParamsSchema,
      body: reviewDeleteReplyInputSchema,
      response: { 202: reviewWriteResultSchema },
    },
    handler: async (request, reply) => {
      reply.code(202);
      const { productId, reviewId } = request.params;
      return service.deleteReply(
        requirePrincipal(request),
        productId,
        reviewId,
        request.body.idempotencyKey,
      );
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/:reviewId/draft`,
    config: {
      access: { productOf: 'productId' },
      // Each draft is a paid LLM call: a person clicking needs a few a minute, not hundreds.
      rateLimit: { max: 20, timeWindow: '1 minute' },
    },
    schema: {
      tags,
      summary: 'An AI draft of a reply, for a person to edit and send; nothing is sent',
      params: reviewParamsSchema,
      response: { 200: reviewDraftSchema },
    },
    handler: async (request) =>
      service.draft(requirePrincipal(request), request.params.productId, request.params.reviewId),
  });
};
