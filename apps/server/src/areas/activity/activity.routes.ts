import { activityPageSchema, activityParamsSchema, activityQuerySchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createActivityRepository } from './activity.repository';
import { createActivityService } from './activity.service';

/** The activity feed of one client company (SPEC §7). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const activity = createActivityService(createActivityRepository(app.database.db));

  app.route({
    method: 'GET',
    url: '/api/uni/client/activity/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags: ['activity'],
      summary: "A company's activity feed, newest first, by type and day range",
      params: activityParamsSchema,
      querystring: activityQuerySchema,
      response: { 200: activityPageSchema },
    },
    handler: async (request) =>
      activity.list(requirePrincipal(request), request.params.id, request.query),
  });
};
