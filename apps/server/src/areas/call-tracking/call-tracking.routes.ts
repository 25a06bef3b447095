import {
  CALL_RECORDING_CONTENT_TYPE,
  ctmCallListSchema,
  ctmCallParamsSchema,
  ctmCallsQuerySchema,
  ctmProductParamsSchema,
  ctmSummaryQuerySchema,
  ctmSummarySchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { CallTrackingService } from './call-tracking.service';

/**
 * Call tracking (SPEC §7 `ctm/{id}`). The access guard checks the product's company
 * (`productOf`); the service checks it again and which product may show calls.
 */
export const callTrackingRoutes: FastifyPluginAsyncZod<{ service: CallTrackingService }> = async (
  app,
  { service },
) => {
  const tags = ['call-tracking'];
  const access = { productOf: 'productId' } as const;

  app.route({
    method: 'GET',
    url: '/api/uni/products/ctm/:productId',
    config: { access },
    schema: {
      tags,
      summary: 'Calls of the range by day, source and outcome, first-time callers, freshness',
      params: ctmProductParamsSchema,
      querystring: ctmSummaryQuerySchema,
      response: { 200: ctmSummarySchema },
    },
    handler: async (request) =>
      service.summary(requirePrincipal(request), request.params.productId, request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/products/ctm/:productId/calls',
    config: { access },
    schema: {
      tags,
      summary:
        'The calls, newest first, filtered by range, source, status, first-time and text, paged',
      params: ctmProductParamsSchema,
      querystring: ctmCallsQuerySchema,
      response: { 200: ctmCallListSchema },
    },
    handler: async (request) =>
      service.calls(requirePrincipal(request), request.params.productId, request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/uni/products/ctm/:productId/calls/:callId/recording',
    // Binary audio: fetched directly, never through the JSON gateway.
    config: { access, gateway: false },
    schema: {
      tags,
      summary: 'A call recording as audio/mpeg bytes',
      params: ctmCallParamsSchema,
      response: { 200: z.instanceof(Buffer).describe('audio/mpeg bytes') },
    },
    handler: async (request, reply) => {
      const { productId, callId } = request.params;
      const recording = await service.recording(requirePrincipal(request), productId, callId);
      // Private: a caller's voice.
      reply.header('cache-control', 'private, no-store');
      reply.type(CALL_RECORDING_CONTENT_TYPE);
      return reply.send(recording.bytes);
    },
  });
};
