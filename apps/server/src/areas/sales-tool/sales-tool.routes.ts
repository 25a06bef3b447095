import {
  salesBatchRequestSchema,
  salesBatchResponseSchema,
  salesContainerCreateSchema,
  salesContainerListQuerySchema,
  salesContainerListSchema,
  salesContainerSchema,
  salesContainerUpdateSchema,
  salesConvertResponseSchema,
  salesDataSchema,
  salesGridSchema,
  salesHistorySchema,
  salesIdParamsSchema,
  salesRecommendationListSchema,
  salesRecommendationSchema,
  salesRecommendationUpdateSchema,
  salesRemovedSchema,
} from '@pinpoint/contracts';
import type { HTTPMethods } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createPageSpeedProvider } from '../../platform/provider-registry/page-speed-provider';
import type { VendorAreaOptions } from '../../platform/vendor-sync/area-plugin-options';
import { createCustomRankRepository } from '../custom-rank';
import type { RankGridEngine } from '../rank-grid';
import { createSalesBatch } from './sales-batch';
import { createProspectListingsReader, createSalesMeasurements } from './sales-measurements';
import { createSalesRecommendations } from './sales-recommendations';
import { createSalesToolRepository } from './sales-tool.repository';
import { createSalesToolService } from './sales-tool.service';

type Url = [HTTPMethods, string];
/** One handler under its own URL and its SPEC §7 `/api/external/sales/*` alias. */
const each = (urls: Url[], define: (method: HTTPMethods, url: string) => void) => {
  for (const [method, url] of urls) define(method, url);
};
const EMPLOYEE = { access: 'employee' } as const;
const TAGS = ['sales-tool'];

/**
 * The sales power tool (issue 21; SPEC §2 /dashboard/employee/omg-power-tool, §7 `/api/sales/*`
 * and the external sales containers, grids and recommendations). Employees' routes; the
 * services answer 404 for a workspace the caller does not work (admins see all).
 */
export const salesToolRoutes: FastifyPluginAsyncZod<
  VendorAreaOptions & { rankGrid: RankGridEngine }
> = async (app, opts) => {
  const db = app.database.db;
  const repo = createSalesToolRepository(db);
  const sales = createSalesToolService({
    db,
    repo,
    customRank: createCustomRankRepository(db),
    events: app.realtime,
  });
  const { ownedContainer } = sales;
  const batch = createSalesBatch({ db, ownedContainer, rankGrid: opts.rankGrid });
  const recommendations = createSalesRecommendations({ db, repo, ownedContainer, llm: opts.llm });
  const measurements = createSalesMeasurements({
    db,
    repo,
    ownedContainer,
    find: sales.find,
    readListings: createProspectListingsReader(opts.config.vendors, {
      recordCall: opts.recordCall,
      db,
    }),
    pageSpeed: createPageSpeedProvider(opts.config.vendors, { recordCall: opts.recordCall }),
  });

  each(
    [
      ['GET', '/api/sales/containers'],
      ['GET', '/api/external/sales/containers/all'],
    ],
    (method, url) =>
      app.route({
        method,
        url,
        config: EMPLOYEE,
        schema: {
          tags: TAGS,
          summary: 'Prospect workspaces, newest updated first, filtered and paged',
          querystring: salesContainerListQuerySchema,
          response: { 200: salesContainerListSchema },
        },
        handler: async (request) => sales.list(requirePrincipal(request), request.query),
      }),
  );

  each(
    [
      ['POST', '/api/sales/containers'],
      ['POST', '/api/external/sales/containers/create'],
    ],
    (method, url) =>
      app.route({
        method,
        url,
        config: EMPLOYEE,
        schema: {
          tags: TAGS,
          summary: "The caller's workspace for a business (one per business and employee)",
          body: salesContainerCreateSchema,
          response: { 200: salesContainerSchema },
        },
        handler: async (request) => sales.create(requirePrincipal(request), request.body),
      }),
  );

  each(
    [
      ['GET', '/api/sales/find/:id'],
      ['GET', '/api/external/sales/containers/get/:id'],
    ],
    (method, url) =>
      app.route({
        method,
        url,
        config: EMPLOYEE,
        schema: {
          tags: TAGS,
          summary: 'One prospect workspace',
          params: salesIdParamsSchema,
          response: { 200: salesContainerSchema },
        },
        handler: async (request) => sales.find(requirePrincipal(request), request.params.id),
      }),
  );

  each(
    [
      ['PATCH', '/api/sales/containers/:id'],
      ['PUT', '/api/external/sales/containers/update/:id'],
    ],
    (method, url) =>
      app.route({
        method,
        url,
        config: EMPLOYEE,
        schema: {
          tags: TAGS,
          summary: 'Renames a workspace, moves its stage, or changes its keywords, grid or notes',
          params: salesIdParamsSchema,
          body: salesContainerUpdateSchema,
          response: { 200: salesContainerSchema },
        },
        handler: async (request) =>
          sales.update(requirePrincipal(request), request.params.id, request.body),
      }),
  );

  app.route({
    method: 'DELETE',
    url: '/api/sales/containers/:id',
    config: EMPLOYEE,
    schema: {
      tags: TAGS,
      summary: 'Removes a workspace not won, with its prospect company and scans',
      params: salesIdParamsSchema,
      response: { 200: salesRemovedSchema },
    },
    handler: async (request) => {
      await sales.remove(requirePrincipal(request), request.params.id);
      return { id: request.params.id, removed: true as const };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/sales/data/:id',
    config: EMPLOYEE,
    schema: {
      tags: TAGS,
      summary: 'A workspace with its latest grid per keyword, competitors and recommendations',
      params: salesIdParamsSchema,
      response: { 200: salesDataSchema },
    },
    handler: async (request) => sales.data(requirePrincipal(request), request.params.id),
  });

  each(
    [
      ['GET', '/api/sales/history/:id'],
      ['GET', '/api/external/sales/grids/all/:id'],
    ],
    (method, url) =>
      app.route({
        method,
        url,
        config: EMPLOYEE,
        schema: {
          tags: TAGS,
          summary: "A workspace's batches, newest first, each with its grids as they are now",
          params: salesIdParamsSchema,
          response: { 200: salesHistorySchema },
        },
        handler: async (request) => sales.history(requirePrincipal(request), request.params.id),
      }),
  );

  app.route({
    method: 'GET',
    url: '/api/external/sales/grids/get/:id',
    config: EMPLOYEE,
    schema: {
      tags: TAGS,
      summary: 'One grid (scan) of a prospect workspace',
      params: salesIdParamsSchema,
      response: { 200: salesGridSchema },
    },
    handler: async (request) => sales.grid(requirePrincipal(request), request.params.id),
  });

  each(
    [
      ['POST', '/api/sales/batch'],
      ['POST', '/api/external/sales/grids/create'],
    ],
    (method, url) =>
      app.route({
        method,
        url,
        config: EMPLOYEE,
        schema: {
          tags: TAGS,
          summary: 'A grid per keyword on the prospect (or only the cost forecast)',
          body: salesBatchRequestSchema,
          response: { 200: salesBatchResponseSchema },
        },
        handler: async (request) => batch(requirePrincipal(request), request.body),
      }),
  );

  app.route({
    method: 'POST',
    url: '/api/sales/containers/:id/listings',
    config: EMPLOYEE,
    schema: {
      tags: TAGS,
      summary: "Checks the prospect's listings on the directories (waits for the answer)",
      params: salesIdParamsSchema,
      response: { 200: salesContainerSchema },
    },
    handler: async (request) => measurements.listings(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'POST',
    url: '/api/sales/containers/:id/page-speed',
    config: EMPLOYEE,
    schema: {
      tags: TAGS,
      summary: "Measures the prospect's website once (mobile)",
      params: salesIdParamsSchema,
      response: { 200: salesContainerSchema },
    },
    handler: async (request) =>
      measurements.pageSpeed(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/external/sales/recommendations/all/:id',
    config: EMPLOYEE,
    schema: {
      tags: TAGS,
      summary: "A workspace's recommendations in position order",
      params: salesIdParamsSchema,
      response: { 200: salesRecommendationListSchema },
    },
    handler: async (request) => recommendations.list(requirePrincipal(request), request.params.id),
  });

  each(
    [
      ['POST', '/api/sales/containers/:id/recommendations/draft'],
      ['POST', '/api/external/sales/recommendations/create/:id'],
    ],
    (method, url) =>
      app.route({
        method,
        url,
        config: EMPLOYEE,
        schema: {
          tags: TAGS,
          summary: 'Drafts recommendations from the measured data; edited ones are kept',
          params: salesIdParamsSchema,
          response: { 200: salesRecommendationListSchema },
        },
        handler: async (request) =>
          recommendations.draft(requirePrincipal(request), request.params.id),
      }),
  );

  app.route({
    method: 'GET',
    url: '/api/external/sales/recommendations/get/:id',
    config: EMPLOYEE,
    schema: {
      tags: TAGS,
      summary: 'One recommendation',
      params: salesIdParamsSchema,
      response: { 200: salesRecommendationSchema },
    },
    handler: async (request) => recommendations.find(requirePrincipal(request), request.params.id),
  });

  each(
    [
      ['PATCH', '/api/sales/recommendations/:id'],
      ['PUT', '/api/external/sales/recommendations/update/:id'],
    ],
    (method, url) =>
      app.route({
        method,
        url,
        config: EMPLOYEE,
        schema: {
          tags: TAGS,
          summary: 'Edits a recommendation (kept on re-draft) or moves it',
          params: salesIdParamsSchema,
          body: salesRecommendationUpdateSchema,
          response: { 200: salesRecommendationSchema },
        },
        handler: async (request) =>
          recommendations.update(requirePrincipal(request), request.params.id, request.body),
      }),
  );

  app.route({
    method: 'DELETE',
    url: '/api/sales/recommendations/:id',
    config: EMPLOYEE,
    schema: {
      tags: TAGS,
      summary: 'Removes a recommendation',
      params: salesIdParamsSchema,
      response: { 200: salesRemovedSchema },
    },
    handler: async (request) => {
      await recommendations.remove(requirePrincipal(request), request.params.id);
      return { id: request.params.id, removed: true as const };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/sales/containers/:id/convert',
    config: EMPLOYEE,
    schema: {
      tags: TAGS,
      summary: 'The prospect becomes a client; its grids become its first rank history',
      params: salesIdParamsSchema,
      response: { 200: salesConvertResponseSchema },
    },
    handler: async (request) => sales.convert(requirePrincipal(request), request.params.id),
  });
};
