import rateLimit from '@fastify/rate-limit';
import {
  errorLogCreatedSchema,
  errorLogCreateSchema,
  errorLogIdParamsSchema,
  errorLogListQuerySchema,
  errorLogListSchema,
  errorLogResolveByKeySchema,
  errorLogResolveSchema,
  errorLogSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createErrorLogsRepository } from './error-logs.repository';
import { createErrorLogsService } from './error-logs.service';

/** Reports per address per minute: enough for a burst of real errors, not for flooding. */
export const ERROR_REPORTS_PER_MINUTE = 60;

/** The error log service (SPEC §7 `/api/status/*`). Reading and resolving is staff work. */
export const errorLogsRoutes: FastifyPluginAsyncZod = async (app) => {
  const logs = createErrorLogsService(createErrorLogsRepository(app.database.db), app.realtime);
  await app.register(rateLimit, { global: false });

  app.route({
    method: 'POST',
    url: '/api/status/create',
    // Errors happen before, during and after sign-in: anyone may report, at a limited rate.
    config: {
      access: 'public',
      rateLimit: { max: ERROR_REPORTS_PER_MINUTE, timeWindow: '1 minute' },
    },
    schema: {
      tags: ['status'],
      summary: 'Report an error from the web app',
      body: errorLogCreateSchema,
      response: { 200: errorLogCreatedSchema },
    },
    handler: async (request) =>
      logs.record(request.body, {
        principal: request.principal,
        email: request.currentSession?.user.email ?? null,
      }),
  });

  app.route({
    method: 'GET',
    url: '/api/status/finderror/all',
    config: { access: 'employee' },
    schema: {
      tags: ['status'],
      summary: 'Error logs, newest first, with search and a resolved filter',
      querystring: errorLogListQuerySchema,
      response: { 200: errorLogListSchema },
    },
    handler: async (request) => logs.list(request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/status/find/:id',
    config: { access: 'employee' },
    schema: { tags: ['status'], params: errorLogIdParamsSchema, response: { 200: errorLogSchema } },
    handler: async (request) => logs.get(request.params.id),
  });

  app.route({
    method: 'PUT',
    url: '/api/status/updateid/:id',
    config: { access: 'employee' },
    schema: {
      tags: ['status'],
      summary: 'Mark an error log resolved or not, by id',
      params: errorLogIdParamsSchema,
      body: errorLogResolveSchema,
      response: { 200: errorLogSchema },
    },
    handler: async (request) => logs.resolveById(request.params.id, request.body.resolved),
  });

  app.route({
    method: 'PUT',
    url: '/api/status/update',
    config: { access: 'employee' },
    schema: {
      tags: ['status'],
      summary: 'Mark an error log resolved or not, by its message and page',
      body: errorLogResolveByKeySchema,
      response: { 200: errorLogSchema },
    },
    handler: async (request) =>
      logs.resolveByKey(request.body.message, request.body.page, request.body.resolved),
  });
};
