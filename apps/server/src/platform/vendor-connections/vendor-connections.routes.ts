import {
  clientIdParamsSchema,
  connectionParamsSchema,
  syncStartedSchema,
  vendorConnectionInputSchema,
  vendorConnectionListSchema,
  vendorConnectionSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import { createVendorConnectionsRepository } from './vendor-connections.repository';
import { createVendorConnectionsService } from './vendor-connections.service';

/** A client company's vendor connections: its state for everyone, editing and syncs for staff. */
export const vendorConnectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createVendorConnectionsService({
    repo: createVendorConnectionsRepository(app.database.db),
    secrets: app.vendorSync.secrets,
    syncNow: (id) => app.vendorSync.syncNow(id),
  });
  const tags = ['vendor connections'];

  app.route({
    method: 'GET',
    url: '/api/uni/client/:id/connections',
    config: { access: { clientOf: 'id' } },
    schema: {
      tags,
      summary: "A company's vendor connections: status and last sync (staff: account and syncs)",
      params: clientIdParamsSchema,
      response: { 200: vendorConnectionListSchema },
    },
    handler: async (request) => ({
      items: await service.list(requirePrincipal(request), request.params.id),
    }),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/client/:id/connections',
    config: { access: { clientOf: 'id', staff: true } },
    schema: {
      tags,
      summary: 'Connect a vendor account (staff); tokens are sealed and never answered',
      params: clientIdParamsSchema,
      body: vendorConnectionInputSchema,
      response: { 201: vendorConnectionSchema },
    },
    handler: async (request, reply) => {
      reply.code(201);
      return service.create(requirePrincipal(request), request.params.id, request.body);
    },
  });

  app.route({
    method: 'PUT',
    url: '/api/uni/client/:id/connections/:connectionId',
    config: { access: { clientOf: 'id', staff: true } },
    schema: {
      tags,
      summary: 'Edit a connection (staff); tokens left out stay as they are',
      params: connectionParamsSchema,
      body: vendorConnectionInputSchema,
      response: { 200: vendorConnectionSchema },
    },
    handler: async (request) =>
      service.update(
        requirePrincipal(request),
        request.params.id,
        request.params.connectionId,
        request.body,
      ),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/client/:id/connections/:connectionId/sync',
    config: { access: { clientOf: 'id', staff: true } },
    schema: {
      tags,
      summary: 'Sync now (staff): queues every dataset of the connection; progress over realtime',
      params: connectionParamsSchema,
      response: { 202: syncStartedSchema },
    },
    handler: async (request, reply) => {
      reply.code(202);
      return {
        queued: await service.syncNow(
          requirePrincipal(request),
          request.params.id,
          request.params.connectionId,
        ),
      };
    },
  });
};
