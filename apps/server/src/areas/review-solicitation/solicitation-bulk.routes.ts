import {
  BULK_MAX_CHARS,
  bulkBatchSchema,
  bulkConfirmSchema,
  bulkMappingInputSchema,
  bulkParamsSchema,
  bulkReportQuerySchema,
  bulkUploadSchema,
  solicitationProductParamsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { linkOrigin } from '../../kernel/lib/link-origin';
import { createBulkRepository } from './bulk.repository';
import { createBulkService } from './bulk.service';
import type { SolicitationService } from './solicitation.service';
import { createTemplatesRepository } from './templates.repository';
import { createTemplatesService } from './templates.service';

/**
 * A CSV of 10,000 rows fits in 5 MB; JSON escaping (quotes, line endings) can nearly double
 * it. The upload goes straight to this route, not through the gateway and its 1 MB limit.
 */
const UPLOAD_BODY_LIMIT = BULK_MAX_CHARS * 2 + 64 * 1024;

/**
 * Bulk CSV review requests (SPEC §7 `reviewsolicitation/{id}{suffix}`): upload, column
 * mapping and row checks, then one confirmation that hands the ok rows to the sender.
 */
export const solicitationBulkRoutes: FastifyPluginAsyncZod<{
  service: SolicitationService;
  publicUrl?: string | null;
}> = async (app, opts) => {
  const tags = ['review-solicitation'];
  const base = '/api/uni/products/reviewsolicitation/:productId/bulk';
  const db = app.database.db;
  const bulk = createBulkService({
    repo: createBulkRepository(db),
    templates: createTemplatesService({
      repo: createTemplatesRepository(db),
      linkOrigin: () => linkOrigin(app, opts.publicUrl ?? null),
    }),
    sender: () => opts.service,
  });
  const access = { productOf: 'productId' } as const;

  app.route({
    method: 'POST',
    url: base,
    config: { access, gateway: false },
    bodyLimit: UPLOAD_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Uploads a CSV of customers as a draft: headers, a guessed mapping, a preview',
      params: solicitationProductParamsSchema,
      body: bulkUploadSchema,
      response: { 201: bulkBatchSchema },
    },
    handler: async (request, reply) => {
      const batch = await bulk.upload(
        requirePrincipal(request),
        request.params.productId,
        request.body,
      );
      reply.code(201);
      return batch;
    },
  });

  app.route({
    method: 'GET',
    url: `${base}/:batchId`,
    config: { access },
    schema: {
      tags,
      summary: 'An upload with its counts and a page of its problem rows (line numbers)',
      params: bulkParamsSchema,
      querystring: bulkReportQuerySchema,
      response: { 200: bulkBatchSchema },
    },
    handler: async (request) =>
      bulk.read(
        requirePrincipal(request),
        request.params.productId,
        request.params.batchId,
        request.query,
      ),
  });

  app.route({
    method: 'PUT',
    url: `${base}/:batchId/mapping`,
    config: { access },
    schema: {
      tags,
      summary: 'Maps the columns and checks every row (phone, email, name, duplicates, opt-outs)',
      params: bulkParamsSchema,
      body: bulkMappingInputSchema,
      response: { 200: bulkBatchSchema },
    },
    handler: async (request) =>
      bulk.map(
        requirePrincipal(request),
        request.params.productId,
        request.params.batchId,
        request.body,
      ),
  });

  app.route({
    method: 'POST',
    url: `${base}/:batchId/confirm`,
    config: { access },
    schema: {
      tags,
      summary: 'Confirms the whole upload once: its ready rows become review requests',
      params: bulkParamsSchema,
      body: bulkConfirmSchema,
      response: { 200: bulkBatchSchema },
    },
    handler: async (request) =>
      bulk.confirm(
        requirePrincipal(request),
        request.params.productId,
        request.params.batchId,
        request.body,
      ),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:batchId`,
    config: { access },
    schema: {
      tags,
      summary: 'Cancels a draft upload (its rows are deleted)',
      params: bulkParamsSchema,
      response: { 200: bulkBatchSchema },
    },
    handler: async (request) =>
      bulk.cancel(requirePrincipal(request), request.params.productId, request.params.batchId),
  });
};
