import { scanIdParamsSchema, scanSeriesQuerySchema, scanSeriesSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createScanSeriesRepository } from './scan-series.repository';
import { createScanSeriesService } from './scan-series.service';

/** The scan view's comparison picker: earlier scans of the same settings. */
export const scanSeriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const series = createScanSeriesService({ repo: createScanSeriesRepository(app.database.db) });

  app.route({
    method: 'GET',
    url: '/api/localrank/find/series/:id',
    // :id is a scan's id: the service loads it and checks its company (404 otherwise).
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-history'],
      summary:
        'The finished scans with the same company, keyword, size, radius and unit as this one, newest first, paged',
      params: scanIdParamsSchema,
      querystring: scanSeriesQuerySchema,
      response: { 200: scanSeriesSchema },
    },
    handler: async (request) =>
      series.series(requirePrincipal(request), request.params.id, request.query),
  });
};
