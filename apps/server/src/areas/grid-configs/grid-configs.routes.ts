import {
  clientGridConfigsSchema,
  gridCompanyParamsSchema,
  gridConfigCreateSchema,
  gridConfigDetailSchema,
  gridConfigDetailsUpdateSchema,
  gridConfigIdParamsSchema,
  gridConfigRemovedSchema,
  gridConfigRemoveParamsSchema,
  gridConfigRunResponseSchema,
  gridConfigScansQuerySchema,
  gridConfigScheduleUpdateSchema,
  gridConfigSchema,
  gridStaffCompanyParamsSchema,
  staffGridSetupSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { GridConfigsService } from './grid-configs.service';

/**
 * Tracked grid configs (SPEC §7 `/api/rankclient/*`, `/api/grids/*`,
 * `/api/localrank/update/details/{id}`, `/api/omgemployee/*`). Where a path names a config
 * rather than a company, the service loads it and checks its company (404 otherwise).
 */
export const gridConfigsRoutes: FastifyPluginAsyncZod<{ service: GridConfigsService }> = async (
  app,
  { service },
) => {
  app.route({
    method: 'GET',
    url: '/api/rankclient/find/:companyId',
    config: { access: { clientOf: 'companyId' } },
    schema: {
      tags: ['grid-configs'],
      summary: "A company's tracked grids, each with its latest finished scan and next run",
      params: gridCompanyParamsSchema,
      response: { 200: clientGridConfigsSchema },
    },
    handler: async (request) =>
      service.listForCompany(requirePrincipal(request), request.params.companyId),
  });

  app.route({
    method: 'POST',
    url: '/api/rankclient/create',
    // The agency sets up tracking; the company in the body is checked by the service.
    config: { access: 'employee' },
    schema: {
      tags: ['grid-configs'],
      summary: 'Track a keyword: a grid config scanned once or on a schedule',
      body: gridConfigCreateSchema,
      response: { 200: gridConfigSchema },
    },
    handler: async (request) => service.create(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/grids/:id',
    config: { access: 'signed-in' },
    schema: {
      tags: ['grid-configs'],
      summary: 'A grid config with its scans, newest first (paged)',
      params: gridConfigIdParamsSchema,
      querystring: gridConfigScansQuerySchema,
      response: { 200: gridConfigDetailSchema },
    },
    handler: async (request) =>
      service.detail(requirePrincipal(request), request.params.id, request.query),
  });

  app.route({
    method: 'PUT',
    url: '/api/grids/:id',
    config: { access: 'employee' },
    schema: {
      tags: ['grid-configs'],
      summary: "Change a grid config's frequency, pause or resume it, or its alert thresholds",
      params: gridConfigIdParamsSchema,
      body: gridConfigScheduleUpdateSchema,
      response: { 200: gridConfigSchema },
    },
    handler: async (request) =>
      service.updateSchedule(requirePrincipal(request), request.params.id, request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/grids/:id/run',
    config: { access: 'employee' },
    schema: {
      tags: ['grid-configs'],
      summary: 'Start a scan of a grid config now',
      params: gridConfigIdParamsSchema,
      response: { 200: gridConfigRunResponseSchema },
    },
    handler: async (request) => service.runNow(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'PUT',
    url: '/api/localrank/update/details/:id',
    config: { access: 'employee' },
    schema: {
      tags: ['grid-configs'],
      summary: "Change a grid config's keyword or grid settings (past scans keep theirs)",
      params: gridConfigIdParamsSchema,
      body: gridConfigDetailsUpdateSchema,
      response: { 200: gridConfigSchema },
    },
    handler: async (request) =>
      service.updateDetails(requirePrincipal(request), request.params.id, request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/omgemployee/find/:id',
    // :id is a client company; employees see only their assigned clients (404 otherwise).
    config: { access: 'employee' },
    schema: {
      tags: ['grid-configs'],
      summary:
        "Staff view of a client's grid setup: configs, latest scans, last 30 days, next runs",
      params: gridStaffCompanyParamsSchema,
      response: { 200: staffGridSetupSchema },
    },
    handler: async (request) => service.staffView(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'DELETE',
    url: '/api/omgemployee/remove/grid/:a/:b',
    config: { access: 'employee' },
    schema: {
      tags: ['grid-configs'],
      summary: 'Remove grid config b of client a; its scans stay in the history',
      params: gridConfigRemoveParamsSchema,
      response: { 200: gridConfigRemovedSchema },
    },
    handler: async (request) =>
      service.remove(requirePrincipal(request), request.params.a, request.params.b),
  });
};
