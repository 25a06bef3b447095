import {
  performanceCompanyParamsSchema,
  performancePdfQuerySchema,
  performanceReportBodySchema,
  performanceReportParamsSchema,
  performanceSeriesSchema,
  performanceSourcesSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { PerformanceService } from './performance.service';
import { renderPerformancePdf } from './performance-pdf';

/**
 * The performance report (SPEC §3, §7). The JSON reads go through the gateway like every
 * chart; the PDF is bytes, fetched by the browser directly (`gateway: false`), with the
 * same access rule.
 */
export const performanceRoutes: FastifyPluginAsyncZod<{ service: PerformanceService }> = async (
  app,
  { service },
) => {
  const tags = ['performance-report'];

  app.route({
    method: 'GET',
    url: '/api/uni/charts/performancereport/sources/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary:
        'Which performance-report sources a company has (and which not, and why), its products and its Business Profile locations',
      params: performanceCompanyParamsSchema,
      response: { 200: performanceSourcesSchema },
    },
    handler: async (request) => service.sources(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/charts/performancereport/:source/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary:
        "One source's daily figures of a company for a range, with totals and the previous period (404 when the company has no such source)",
      params: performanceReportParamsSchema,
      body: performanceReportBodySchema,
      response: { 200: performanceSeriesSchema },
    },
    handler: async (request) =>
      service.report(
        requirePrincipal(request),
        request.params.source,
        request.params.id,
        request.body,
      ),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/charts/performancereport/pdf/:id',
    config: { access: { clientOf: 'id' }, gateway: false },
    schema: {
      tags,
      summary: "The company's performance report as a PDF download (charts and totals per source)",
      params: performanceCompanyParamsSchema,
      querystring: performancePdfQuerySchema,
      response: { 200: z.instanceof(Buffer).describe('application/pdf') },
    },
    handler: async (request, reply) => {
      const principal = requirePrincipal(request);
      const { id } = request.params;
      const query = request.query;
      const [{ companyName, series }, sources] = await Promise.all([
        service.all(principal, id, query),
        service.sources(principal, id),
      ]);
      const pdf = await renderPerformancePdf({
        companyName,
        range: { from: query.from, to: query.to },
        series,
        missing: sources.missing.map((m) => `${m.title}: ${m.reason}`),
      });
      const file = `performance-report-${id}-${query.from}-${query.to}.pdf`;
      reply.header('content-disposition', `attachment; filename="${file}"`);
      reply.header('cache-control', 'private, no-store');
      reply.type('application/pdf');
      return reply.send(pdf);
    },
  });
};
