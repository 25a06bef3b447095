import {
  overviewParamsSchema,
  overviewQuerySchema,
  overviewResponseSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createOverviewService } from './overview.service';

/**
 * SPEC §7 `POST /api/uni/charts/overview/{id}{query}`: the range travels in the query string
 * (`?from=YYYY-MM-DD&to=YYYY-MM-DD&tz=…`); a body, if any, is ignored. It only reads.
 */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const overview = createOverviewService({ db: app.database.db });

  app.route({
    method: 'POST',
    url: '/api/uni/charts/overview/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags: ['overview'],
      summary: "A company's overview KPIs for a day range and the previous range of equal length",
      params: overviewParamsSchema,
      querystring: overviewQuerySchema,
      response: { 200: overviewResponseSchema },
    },
    handler: async (request) =>
      overview.kpis(requirePrincipal(request), request.params.id, request.query),
  });
};
