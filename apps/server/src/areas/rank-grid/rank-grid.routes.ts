import {
  scanIdParamsSchema,
  scanQuotaQuerySchema,
  scanQuotaSchema,
  scanRequestResponseSchema,
  scanRequestSchema,
  scanSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { RankGridEngine } from './rank-grid.engine';

/** Rank grid scans (issue 6): request a scan, read it back; each point is a background job. */
export const rankGridRoutes: FastifyPluginAsyncZod<{ rankGrid: RankGridEngine }> = async (
  app,
  { rankGrid },
) => {
  const scans = rankGrid.service;

  app.route({
    method: 'POST',
    url: '/api/localrank/request',
    // The company is in the body, which `clientOf` cannot read: the service checks it
    // (404 for companies the caller cannot see, so ids cannot be probed).
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary:
        'Request a rank grid scan (within the daily quota): one background search per enabled point',
      body: scanRequestSchema,
      response: { 200: scanRequestResponseSchema },
    },
    handler: async (request) => scans.request(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/quota',
    // The company is in the query: the service checks it (404 for companies the caller cannot
    // see); a trial lead always gets their own trial quota.
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary: "What is left of today's scan quota (UTC day): points, and a trial lead's scans",
      querystring: scanQuotaQuerySchema,
      response: { 200: scanQuotaSchema },
    },
    handler: async (request) => scans.quotaFor(requirePrincipal(request), request.query.companyId),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/find/grid/:id',
    // :id is a scan's id: the service loads it and checks its company (404 otherwise).
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary: 'A rank grid scan with its points, progress and metrics',
      params: scanIdParamsSchema,
      response: { 200: scanSchema },
    },
    handler: async (request) => scans.find(requirePrincipal(request), request.params.id),
  });
};
