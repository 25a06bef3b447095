import {
  customerLeadCreateSchema,
  leadDetailSchema,
  leadParamsSchema,
  leadPatchSchema,
  leadsPageSchema,
  leadsParamsSchema,
  leadsQuerySchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { LeadsCenterService } from './leads-center.service';

/**
 * The leads center of one client company. Members, the employees assigned to it and admins
 * read and change its leads (`clientOf`); the service checks each lead is the company's.
 */
export const leadsCenterRoutes: FastifyPluginAsyncZod<{ service: LeadsCenterService }> = async (
  app,
  { service },
) => {
  const tags = ['leads-center'];
  const access = { clientOf: 'id' } as const;

  app.route({
    method: 'GET',
    url: '/api/uni/client/leads/:id',
    config: { access },
    schema: {
      tags,
      summary:
        "The company's leads, newest first, filtered and paged, with counts by source and status",
      params: leadsParamsSchema,
      querystring: leadsQuerySchema,
      response: { 200: leadsPageSchema },
    },
    handler: async (request) =>
      service.list(requirePrincipal(request), request.params.id, request.query),
  });

  app.route({
    method: 'POST',
    url: '/api/uni/client/leads/:id',
    config: { access },
    schema: {
      tags,
      summary: 'Adds a customer by hand (merged with the contact’s lead within 30 days)',
      params: leadsParamsSchema,
      body: customerLeadCreateSchema,
      response: { 201: leadDetailSchema },
    },
    handler: async (request, reply) => {
      const lead = await service.create(requirePrincipal(request), request.params.id, request.body);
      return reply.code(201).send(lead);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/uni/client/leads/:id/export.csv',
    // A file for the browser to download, not a JSON answer for the gateway.
    config: { access, gateway: false },
    schema: {
      tags,
      summary: 'The filtered leads as a CSV file',
      params: leadsParamsSchema,
      querystring: leadsQuerySchema,
      response: { 200: z.string().describe('text/csv') },
    },
    handler: async (request, reply) => {
      const { filename, body } = await service.csv(
        requirePrincipal(request),
        request.params.id,
        request.query,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  });

  app.route({
    method: 'GET',
    url: '/api/uni/client/leads/:id/lead/:leadId',
    config: { access },
    schema: {
      tags,
      summary:
        'One lead with its timeline: touches (calls, forms, ads) and status, value and notes',
      params: leadParamsSchema,
      response: { 200: leadDetailSchema },
    },
    handler: async (request) =>
      service.get(requirePrincipal(request), request.params.id, request.params.leadId),
  });

  app.route({
    method: 'PATCH',
    url: '/api/uni/client/leads/:id/lead/:leadId',
    config: { access },
    schema: {
      tags,
      summary: "Changes a lead's status or value or adds a note, each kept with who and when",
      params: leadParamsSchema,
      body: leadPatchSchema,
      response: { 200: leadDetailSchema },
    },
    handler: async (request) =>
      service.update(
        requirePrincipal(request),
        request.params.id,
        request.params.leadId,
        request.body,
      ),
  });
};
