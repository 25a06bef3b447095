import {
  createdGridsQuerySchema,
  createdGridsSchema,
  prospectCreateSchema,
  prospectSchema,
  prospectSearchQuerySchema,
  prospectSearchResultSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { PlacesProvider } from '../../providers/places/port';
import { createPlacesService } from '../places';
import type { RankGridEngine } from '../rank-grid';
import { createCustomRankRepository } from './custom-rank.repository';
import { createCustomRankService } from './custom-rank.service';

/**
 * Custom rank (issue 7, SPEC §2 /dashboard/employee/custom-rank/*): employees find any
 * business, make it a prospect company of their own and run one-off grids on it through the
 * ordinary scan routes (`POST /api/localrank/request`). Registered after the rank grid engine.
 */
export const customRankRoutes: FastifyPluginAsyncZod<{
  rankGrid: RankGridEngine;
  places: PlacesProvider;
}> = async (app, { rankGrid, places }) => {
  const customRank = createCustomRankService({
    repo: createCustomRankRepository(app.database.db),
    provider: rankGrid.provider,
    places: createPlacesService(places),
    events: app.realtime,
  });

  // `places/details` is SPEC §7's name for the same call: the power tool finds prospects with
  // it (issue 21), and each business comes back with its details (address, phone, website,
  // rating, reviews, position).
  for (const url of ['/api/sales/places/search', '/api/sales/places/details']) {
    app.route({
      method: 'GET',
      url,
      config: { access: 'employee' },
      schema: {
        tags: ['custom-rank'],
        summary:
          'Businesses in the local results for a name or trade near a city (or lat,lng), with their details',
        querystring: prospectSearchQuerySchema,
        response: { 200: prospectSearchResultSchema },
      },
      handler: async (request) => customRank.search(request.query),
    });
  }

  app.route({
    method: 'POST',
    url: '/api/sales/prospect',
    config: { access: 'employee' },
    schema: {
      tags: ['custom-rank'],
      summary: "The caller's prospect company for a business (made once per employee and place)",
      body: prospectCreateSchema,
      response: { 200: prospectSchema },
    },
    handler: async (request) => customRank.prospect(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/sales/created',
    config: { access: 'employee' },
    schema: {
      tags: ['custom-rank'],
      summary: 'The grids the caller ran on prospects, newest first, paged',
      querystring: createdGridsQuerySchema,
      response: { 200: createdGridsSchema },
    },
    handler: async (request) => customRank.created(requirePrincipal(request), request.query),
  });
};
