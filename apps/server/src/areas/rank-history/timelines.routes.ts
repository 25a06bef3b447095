import {
  clientTimelinesParamsSchema,
  clientTimelinesQuerySchema,
  clientTimelinesSchema,
  timelineSearchRequestSchema,
  timelineSearchResponseSchema,
  topRankingsPageParamsSchema,
  topRankingsQuerySchema,
  topRankingsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createRankHistoryRepository } from './rank-history.repository';
import { createTimelineSearchRepository } from './timeline-search.repository';
import { createTimelinesService } from './timelines.service';
import { createTopRankingsRepository } from './top-rankings.repository';

const tags = ['rank-timelines'];

/**
 * Rank timelines and top rankings (SPEC §7 `/api/ranktimeline/*`, `/api/main/toprankings`,
 * `/api/latest/toprankings`). Employee routes answer only about the clients the employee is
 * assigned to (admins: all).
 */
export const timelinesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const history = createRankHistoryRepository(db);
  const timelines = createTimelinesService({
    timelines: createTimelineSearchRepository(db),
    rankings: createTopRankingsRepository(db),
    companyExists: history.companyExists,
  });

  app.route({
    method: 'POST',
    url: '/api/ranktimeline/find/search',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'Search timelines by company name or keyword; pages of companies',
      body: timelineSearchRequestSchema,
      response: { 200: timelineSearchResponseSchema },
    },
    handler: async (request) => timelines.search(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/ranktimeline/find/client/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary: "A client's timelines: by item, then by keyword, size and radius",
      params: clientTimelinesParamsSchema,
      querystring: clientTimelinesQuerySchema,
      response: { 200: clientTimelinesSchema },
    },
    handler: async (request) =>
      timelines.forClient(requirePrincipal(request), request.params.id, request.query.points),
  });

  app.route({
    method: 'GET',
    url: '/api/main/toprankings',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'Clients ranked by mean latest ATRP, then SoLV: the GBP and LSA lists, whole',
      querystring: topRankingsQuerySchema,
      response: { 200: topRankingsSchema },
    },
    handler: async (request) => timelines.all(requirePrincipal(request), request.query.list),
  });

  app.route({
    method: 'GET',
    url: '/api/latest/toprankings',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'The first page of both top-ranking lists, as of now',
      response: { 200: topRankingsSchema },
    },
    handler: async (request) => timelines.page(requirePrincipal(request), 0),
  });

  app.route({
    method: 'GET',
    url: '/api/latest/toprankings/:index',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'One page (from 0, 25 entries) of both top-ranking lists',
      params: topRankingsPageParamsSchema,
      response: { 200: topRankingsSchema },
    },
    handler: async (request) => timelines.page(requirePrincipal(request), request.params.index),
  });
};
