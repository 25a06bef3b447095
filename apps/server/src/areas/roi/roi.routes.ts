import {
  roiParamsSchema,
  roiQuerySchema,
  roiResponseSchema,
  roiSettingsInputSchema,
  roiSettingsViewSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createRoiService } from './roi.service';

/** The ROI center of one client company (roi.service.ts says what is counted). */
export const roiRoutes: FastifyPluginAsyncZod = async (app) => {
  const roi = createRoiService({ db: app.database.db });

  app.route({
    method: 'GET',
    url: '/api/uni/client/roi/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags: ['roi'],
      summary:
        "A company's spend (ad spend + fees), leads, won leads and their value for a day range, by month and channel",
      params: roiParamsSchema,
      querystring: roiQuerySchema,
      response: { 200: roiResponseSchema },
    },
    handler: async (request) =>
      roi.report(requirePrincipal(request), request.params.id, request.query),
  });

  app.route({
    method: 'PUT',
    url: '/api/uni/client/roi/:id/settings',
    // The client's own figure: its members and admins set it, assigned employees read it.
    config: { access: { clientOf: 'id', owners: true } },
    schema: {
      tags: ['roi'],
      summary:
        "Set the average job value ROI counts for a won lead without one (the client's members and admins)",
      params: roiParamsSchema,
      body: roiSettingsInputSchema,
      response: { 200: roiSettingsViewSchema },
    },
    handler: async (request) =>
      roi.saveSettings(requirePrincipal(request), request.params.id, request.body),
  });
};
