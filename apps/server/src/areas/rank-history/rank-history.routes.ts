import {
  businessDetailsQuerySchema,
  businessDetailsSchema,
  historyCompanyQuerySchema,
  historyFiltersSchema,
  historyMonthQuerySchema,
  historyMonthSchema,
  historyOverviewSchema,
  latestByKeywordSchema,
  latestFourQuerySchema,
  latestFourSchema,
  rankGridProductSchema,
  scanDetailsSchema,
  scanIdParamsSchema,
  scanReportSchema,
  systemRankGridSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createRankHistoryRepository } from './rank-history.repository';
import { createRankHistoryService } from './rank-history.service';

const tags = ['rank-history'];
/**
 * These routes name the company in the query (`?companyId=`), which `clientOf` cannot read:
 * they are `signed-in` and the service checks the company (404 for one the caller cannot see).
 */
const COMPANY_IN_QUERY = { access: 'signed-in' } as const;

/** A company's scan history, reports and its rank grid product page (SPEC §7 `/api/localrank/*`). */
export const rankHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const history = createRankHistoryService({ repo: createRankHistoryRepository(app.database.db) });

  app.route({
    method: 'GET',
    url: '/api/localrank/history/overview',
    config: COMPANY_IN_QUERY,
    schema: {
      tags,
      summary: 'Per UTC month and keyword: scans, mean ATRP and SoLV, best and worst ATRP',
      querystring: historyCompanyQuerySchema,
      response: { 200: historyOverviewSchema },
    },
    handler: async (request) =>
      history.overview(requirePrincipal(request), request.query.companyId),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/history/filters',
    config: COMPANY_IN_QUERY,
    schema: {
      tags,
      summary: 'The keywords, UTC months and grid configs a company has scans for',
      querystring: historyCompanyQuerySchema,
      response: { 200: historyFiltersSchema },
    },
    handler: async (request) => history.filters(requirePrincipal(request), request.query.companyId),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/history/month',
    config: COMPANY_IN_QUERY,
    schema: {
      tags,
      summary: "A UTC month's scans, newest first, by keyword and config, 20 per page (from 0)",
      querystring: historyMonthQuerySchema,
      response: { 200: historyMonthSchema },
    },
    handler: async (request) => history.month(requirePrincipal(request), request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/latest/keyword',
    config: COMPANY_IN_QUERY,
    schema: {
      tags,
      summary: 'The newest finished scan of each keyword',
      querystring: historyCompanyQuerySchema,
      response: { 200: latestByKeywordSchema },
    },
    handler: async (request) =>
      history.latestPerKeyword(requirePrincipal(request), request.query.companyId),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/latest/four',
    config: COMPANY_IN_QUERY,
    schema: {
      tags,
      summary: 'The newest four finished scans (optionally of one keyword) with their points',
      querystring: latestFourQuerySchema,
      response: { 200: latestFourSchema },
    },
    handler: async (request) =>
      history.latestFour(requirePrincipal(request), request.query.companyId, request.query.keyword),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/find/details/:id',
    // :id is a scan's id: the service loads it and checks its company (404 otherwise).
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: "A scan's settings, status, progress, metrics and competitors, without points",
      params: scanIdParamsSchema,
      response: { 200: scanDetailsSchema },
    },
    handler: async (request) => history.details(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/report/:id',
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary:
        "A finished scan's report: metrics, top competitors, quadrants, change since the previous scan of the same settings",
      params: scanIdParamsSchema,
      response: { 200: scanReportSchema },
    },
    handler: async (request) => history.report(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/google/places/details',
    config: { access: 'signed-in' },
    schema: {
      tags,
      summary: 'A business by place id: a client or a tracked competitor the caller may see',
      querystring: businessDetailsQuerySchema,
      response: { 200: businessDetailsSchema },
    },
    handler: async (request) =>
      history.businessDetails(requirePrincipal(request), request.query.placeId),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/system/rankgrid',
    config: { access: 'employee' },
    schema: {
      tags,
      summary: 'System-wide rank grid figures: scans today and this week, points, failures',
      response: { 200: systemRankGridSchema },
    },
    handler: async () => history.system(),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/products/rankgrid/:id',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary: "A client's tracked keywords with latest metrics and trend (same settings only)",
      params: z.object({ id: z.coerce.number().int().positive() }),
      response: { 200: rankGridProductSchema },
    },
    handler: async (request) => history.product(requirePrincipal(request), request.params.id),
  });
};
