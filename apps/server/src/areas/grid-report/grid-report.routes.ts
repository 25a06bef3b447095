import {
  gridClientListSchema,
  gridClientsQuerySchema,
  gridReportQuerySchema,
  gridReportRangeSchema,
  gridReportSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createGridReportRepository } from './grid-report.repository';
import { createGridReportService } from './grid-report.service';

/**
 * The admin grid report across every client, its CSV, and the client list the "run grids"
 * screen chooses a batch from. Admins only (DECISIONS.md: admin tools require `admin`).
 */
export const gridReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const report = createGridReportService(createGridReportRepository(app.database.db));
  const tags = ['rank-grid'];

  app.route({
    method: 'GET',
    url: '/api/admin/grid-report',
    config: { access: 'admin' },
    schema: {
      tags,
      summary:
        'Every client’s grid series over a period: ATRP and SoLV movement, top gains and losses, failures',
      querystring: gridReportQuerySchema,
      response: { 200: gridReportSchema },
    },
    handler: async (request) => report.report(request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/admin/grid-report.csv',
    // A file for the browser to download, not a JSON answer for the gateway.
    config: { access: 'admin', gateway: false },
    schema: {
      tags,
      summary: 'The grid report’s series as a CSV file',
      querystring: gridReportRangeSchema,
      response: { 200: z.string().describe('text/csv') },
    },
    handler: async (request, reply) => {
      const { filename, body } = await report.csv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/admin/grid-clients',
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Active client companies with their active grid configs, by name, 25 a page',
      querystring: gridClientsQuerySchema,
      response: { 200: gridClientListSchema },
    },
    handler: async (request) => report.clients(request.query.q, request.query.page),
  });
};
