import {
  LSA_RECORDING_CONTENT_TYPE,
  lsaLeadListSchema,
  lsaLeadsRequestSchema,
  lsaMetricsSchema,
  lsaPerformanceSchema,
  lsaRangeRequestSchema,
  lsaRecordingRequestSchema,
  lsaReportSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import { badRequest } from '../../kernel/lib/app-error';
import { GATEWAY_HEADER } from '../../platform/gateway/gateway.routes';
import type { LsaService } from './lsa.service';

/**
 * Local Services Ads (SPEC §7 `POST /api/lsa/…`). The product id is in the body, so the
 * routes are `signed-in` and the service checks the product's company for every call.
 */
export const lsaRoutes: FastifyPluginAsyncZod<{ service: LsaService }> = async (
  app,
  { service },
) => {
  const tags = ['local-services-ads'];
  const access = 'signed-in' as const;

  app.route({
    method: 'POST',
    url: '/api/lsa/performance/report',
    config: { access },
    schema: {
      tags,
      summary: 'Leads, charged leads and spend per local day of the range',
      body: lsaRangeRequestSchema,
      response: { 200: lsaReportSchema },
    },
    handler: async (request) => service.report(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/lsa/account/metrics',
    config: { access },
    schema: {
      tags,
      summary: 'Leads, charged leads, spend and cost per lead of the range',
      body: lsaRangeRequestSchema,
      response: { 200: lsaMetricsSchema },
    },
    handler: async (request) => service.metrics(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/lsa/account/performance',
    config: { access },
    schema: {
      tags,
      summary: 'The range’s leads by type, status and category, and its disputes',
      body: lsaRangeRequestSchema,
      response: { 200: lsaPerformanceSchema },
    },
    handler: async (request) => service.performance(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/lsa/account/leads',
    config: { access },
    schema: {
      tags,
      summary: 'The leads, newest first, filtered by range, type, status and charge, paged',
      body: lsaLeadsRequestSchema,
      response: { 200: lsaLeadListSchema },
    },
    handler: async (request) => service.leads(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'POST',
    url: '/api/lsa/calls/recording',
    config: { access },
    schema: {
      tags,
      summary: 'A call recording as audio/mpeg bytes (call it directly: the gateway carries JSON)',
      body: lsaRecordingRequestSchema,
      response: { 200: z.instanceof(Buffer).describe('audio/mpeg bytes') },
    },
    handler: async (request, reply) => {
      const principal = requirePrincipal(request);
      const viaGateway = request.headers[GATEWAY_HEADER] === app.gateway.secret;
      // The gateway answers JSON only: the caller may hear the recording, just not that way
      // (access and the recording's existence are checked first, as for a direct call).
      const recording = await service.recording(principal, request.body, { fetch: !viaGateway });
      if (!recording) {
        throw badRequest(
          'A call recording is binary audio: request POST /api/lsa/calls/recording directly, not through /database/request.',
        );
      }
      // Private: a customer's voice.
      reply.header('cache-control', 'private, no-store');
      reply.type(LSA_RECORDING_CONTENT_TYPE);
      return reply.send(recording.bytes);
    },
  });
};
