import rateLimit from '@fastify/rate-limit';
import {
  qaAnswerInputSchema,
  qaConfirmInputSchema,
  qaDeleteResultSchema,
  qaDraftSchema,
  qaListQuerySchema,
  qaListSchema,
  qaParamsSchema,
  qaQuestionParamsSchema,
  qaQuestionSchema,
  qaRecordInputSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { QaService } from './qa.service';

/**
 * A Business Profile's questions and answers (SPEC §7 `/api/uni/products/googleqa/{id}`):
 * the list, recording a question, answering, confirming an answer live, deleting, drafting.
 */
export const qaRoutes: FastifyPluginAsyncZod<{ service: QaService }> = async (app, { service }) => {
  await app.register(rateLimit, { global: false });
  const tags = ['google-qa'];
  const base = '/api/uni/products/googleqa';

  app.route({
    method: 'GET',
    url: `${base}/:productId`,
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: "A product's profile questions, unanswered first, filtered by state and text",
      params: qaParamsSchema,
      querystring: qaListQuerySchema,
      response: { 200: qaListSchema },
    },
    handler: async (request) =>
      service.list(requirePrincipal(request), request.params.productId, request.query),
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId`,
    // The agency records what it sees on the profile; clients answer, they do not record.
    config: { access: { productOf: 'productId', staff: true } },
    schema: {
      tags,
      summary: 'Record a question seen on the profile (staff)',
      params: qaParamsSchema,
      body: qaRecordInputSchema,
      response: { 201: qaQuestionSchema },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return service.record(requirePrincipal(request), request.params.productId, request.body);
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/:questionId/answer`,
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: 'Write or edit the answer; it waits to be published on Google by the agency',
      params: qaQuestionParamsSchema,
      body: qaAnswerInputSchema,
      response: { 200: qaQuestionSchema },
    },
    handler: async (request) => {
      const { productId, questionId } = request.params;
      return service.answer(requirePrincipal(request), productId, questionId, request.body);
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/:questionId/confirm`,
    config: { access: { productOf: 'productId', staff: true } },
    schema: {
      tags,
      summary: 'Confirm the answer is live on Google (staff)',
      params: qaQuestionParamsSchema,
      body: qaConfirmInputSchema,
      response: { 200: qaQuestionSchema },
    },
    handler: async (request) => {
      const { productId, questionId } = request.params;
      return service.confirm(
        requirePrincipal(request),
        productId,
        questionId,
        request.body.answeredAt,
      );
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/:questionId/delete`,
    config: { access: { productOf: 'productId', staff: true } },
    schema: {
      tags,
      summary: 'Remove a question recorded by mistake (staff)',
      params: qaQuestionParamsSchema,
      response: { 200: qaDeleteResultSchema },
    },
    handler: async (request) => {
      const { productId, questionId } = request.params;
      return service.remove(requirePrincipal(request), productId, questionId);
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/:questionId/draft`,
    config: {
      access: { productOf: 'productId' },
      // Each draft is a paid LLM call: a person clicking needs a few a minute, not hundreds.
      rateLimit: { max: 20, timeWindow: '1 minute' },
    },
    schema: {
      tags,
      summary: 'An AI draft of the answer, for a person to edit and save; nothing is saved',
      params: qaQuestionParamsSchema,
      response: { 200: qaDraftSchema },
    },
    handler: async (request) => {
      const { productId, questionId } = request.params;
      return service.draft(requirePrincipal(request), productId, questionId);
    },
  });
};
