import {
  lsaCategoryInfoRequestSchema,
  lsaCategoryInfoSchema,
  lsaCategoryListSchema,
  verticalIdParamsSchema,
  verticalInputSchema,
  verticalListQuerySchema,
  verticalListSchema,
  verticalSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDemoLsaCategoryProvider } from '../../providers/lsa-categories/lsa-categories';
import { createVerticalsRepository } from './verticals.repository';
import { createVerticalsService } from './verticals.service';

/**
 * LSA verticals (SPEC §6, §7 "Verticals"): admins list, create and update them, and pull
 * categories from the LSA catalogue. Admins only (DECISIONS.md: admin tools require `admin`).
 */
export const verticalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const verticals = createVerticalsService({
    repo: createVerticalsRepository(app.database.db),
    // Only the demo catalogue exists; see providers/lsa-categories.
    categories: createDemoLsaCategoryProvider(),
  });
  const tags = ['verticals'];

  app.route({
    method: 'GET',
    url: '/api/vertical/admin/list',
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Verticals by name, searchable, 50 a page',
      querystring: verticalListQuerySchema,
      response: { 200: verticalListSchema },
    },
    handler: async (request) => verticals.list(request.query.q, request.query.page),
  });

  app.route({
    method: 'POST',
    url: '/api/vertical/admin/create',
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Create a vertical (409 on a taken slug)',
      body: verticalInputSchema,
      response: { 200: verticalSchema },
    },
    handler: async (request) => verticals.create(request.body),
  });

  app.route({
    method: 'PUT',
    url: '/api/vertical/admin/update/:id',
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'Update a vertical (409 on a taken slug)',
      params: verticalIdParamsSchema,
      body: verticalInputSchema,
      response: { 200: verticalSchema },
    },
    handler: async (request) => {
      const vertical = await verticals.update(request.params.id, request.body);
      // Client records carry their vertical's name and slug: every cached one is dropped.
      app.realtime.publish({
        type: 'client.changed',
        payload: { clientId: null },
        audience: { staff: true },
      });
      return vertical;
    },
  });

  app.route({
    method: 'GET',
    url: '/api/vertical/admin/pull/list',
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'The LSA category catalogue verticals are pulled from',
      response: { 200: lsaCategoryListSchema },
    },
    handler: async () => verticals.categoryList(),
  });

  app.route({
    method: 'POST',
    url: '/api/vertical/admin/pull/info',
    config: { access: 'admin' },
    schema: {
      tags,
      summary: 'One LSA category: its service types and the verticals mapped to it',
      body: lsaCategoryInfoRequestSchema,
      response: { 200: lsaCategoryInfoSchema },
    },
    handler: async (request) => verticals.categoryInfo(request.body.categoryId),
  });
};
