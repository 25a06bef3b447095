import {
  okResponseSchema,
  solicitationProductParamsSchema,
  solicitationTemplateInputSchema,
  solicitationTemplateListSchema,
  solicitationTemplateParamsSchema,
  solicitationTemplatePreviewInputSchema,
  solicitationTemplatePreviewSchema,
  solicitationTemplateSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { linkOrigin } from '../../kernel/lib/link-origin';
import type { SolicitationService } from './solicitation.service';
import { createTemplatesRepository } from './templates.repository';
import { createTemplatesService } from './templates.service';

/**
 * Review-request templates (SPEC §7 `reviewsolicitation/{id}{suffix}`): the agency's
 * defaults and the company's own, and a preview rendered exactly as the sender will.
 */
export const solicitationTemplatesRoutes: FastifyPluginAsyncZod<{
  service: SolicitationService;
  /** PUBLIC_URL, for the sample review link of the preview. */
  publicUrl?: string | null;
}> = async (app, opts) => {
  const tags = ['review-solicitation'];
  const base = '/api/uni/products/reviewsolicitation/:productId/templates';
  const templates = createTemplatesService({
    repo: createTemplatesRepository(app.database.db),
    linkOrigin: () => linkOrigin(app, opts.publicUrl ?? null),
  });
  const access = { productOf: 'productId' } as const;

  app.route({
    method: 'GET',
    url: base,
    config: { access },
    schema: {
      tags,
      summary: "The agency's default templates and the company's own",
      params: solicitationProductParamsSchema,
      response: { 200: solicitationTemplateListSchema },
    },
    handler: async (request) => templates.list(requirePrincipal(request), request.params.productId),
  });

  app.route({
    method: 'POST',
    url: base,
    config: { access },
    schema: {
      tags,
      summary: 'A new template of the company (or a copy of a default)',
      params: solicitationProductParamsSchema,
      body: solicitationTemplateInputSchema,
      response: { 201: solicitationTemplateSchema },
    },
    handler: async (request, reply) => {
      const created = await templates.create(
        requirePrincipal(request),
        request.params.productId,
        request.body,
      );
      reply.code(201);
      return created;
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/preview`,
    config: { access },
    schema: {
      tags,
      summary: 'A template rendered with sample values, and its SMS segment count',
      params: solicitationProductParamsSchema,
      body: solicitationTemplatePreviewInputSchema,
      response: { 200: solicitationTemplatePreviewSchema },
    },
    handler: async (request) =>
      templates.preview(requirePrincipal(request), request.params.productId, request.body),
  });

  app.route({
    method: 'PUT',
    url: `${base}/:templateId`,
    config: { access },
    schema: {
      tags,
      summary: "Changes one of the company's own templates (defaults are copied, not edited)",
      params: solicitationTemplateParamsSchema,
      body: solicitationTemplateInputSchema,
      response: { 200: solicitationTemplateSchema },
    },
    handler: async (request) =>
      templates.update(
        requirePrincipal(request),
        request.params.productId,
        request.params.templateId,
        request.body,
      ),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:templateId`,
    config: { access },
    schema: {
      tags,
      summary: "Archives one of the company's own templates (requests sent with it keep it)",
      params: solicitationTemplateParamsSchema,
      response: { 200: okResponseSchema },
    },
    handler: async (request) =>
      templates.archive(
        requirePrincipal(request),
        request.params.productId,
        request.params.templateId,
      ),
  });
};
