import { employeeRankSummarySchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createEmployeeHomeRepository } from './employee-home.repository';
import { createEmployeeHomeService } from './employee-home.service';

/** The employee home's data in one call (issue 7), instead of two calls per client. */
export const employeeHomeRoutes: FastifyPluginAsyncZod = async (app) => {
  const home = createEmployeeHomeService({
    repo: createEmployeeHomeRepository(app.database.db),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/employee/summary',
    config: { access: 'employee' },
    schema: {
      tags: ['rank-history'],
      summary:
        "The caller's clients with each keyword's newest finished scan, and their newest grid alerts",
      response: { 200: employeeRankSummarySchema },
    },
    handler: async (request) => home.summary(requirePrincipal(request)),
  });
};
