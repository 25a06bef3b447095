import {
  productIdParamsSchema,
  qrAnalyticsRequestSchema,
  qrAnalyticsSchema,
  qrCodeInputSchema,
  qrCodeListSchema,
  qrCodeSchema,
  qrCodeUpdateSchema,
  qrListQuerySchema,
} from '@pinpoint/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { QrCodesService } from './qr-codes.service';

const codeParams = productIdParamsSchema.extend({
  qrId: z.coerce.number().int().positive().max(2_147_483_647),
});
const imageParams = codeParams.extend({ format: z.enum(['png', 'svg']) });

/** The origin the caller reached us on (the printed codes use PUBLIC_URL when it is set). */
export function originOf(request: FastifyRequest): string {
  // Through URL, so a default port the Host header names (`localhost:80`) is dropped.
  return new URL(`${request.protocol}://${request.host}`).origin;
}

/**
 * Our QR codes of a product (`/api/uni/products/qrcodes/{productId}`), for company
 * members and staff alike: list, create, edit (the printed code keeps working), archive,
 * restore, delete, analytics, and the image as PNG or SVG (fetched directly: binary).
 */
export const qrCodesRoutes: FastifyPluginAsyncZod<{ service: QrCodesService }> = async (
  app,
  { service },
) => {
  const tags = ['qr-codes'];
  const access = { productOf: 'productId' } as const;
  const base = '/api/uni/products/qrcodes/:productId';

  app.route({
    method: 'GET',
    url: base,
    config: { access },
    schema: {
      tags,
      summary: 'The product’s QR codes (active or archived), newest first, with their scans',
      params: productIdParamsSchema,
      querystring: qrListQuerySchema,
      response: { 200: qrCodeListSchema },
    },
    handler: async (request) =>
      service.list(
        requirePrincipal(request),
        request.params.productId,
        request.query,
        originOf(request),
      ),
  });

  app.route({
    method: 'POST',
    url: base,
    config: { access },
    schema: {
      tags,
      summary: 'Create a QR code: a name and an http(s) target; it encodes our short redirect',
      params: productIdParamsSchema,
      body: qrCodeInputSchema,
      response: { 201: qrCodeSchema },
    },
    handler: async (request, reply) => {
      const code = await service.create(
        requirePrincipal(request),
        request.params.productId,
        request.body,
        originOf(request),
      );
      reply.code(201);
      return code;
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/analytics`,
    config: { access },
    schema: {
      tags,
      summary: 'Scans, unique visitors, OS, browsers, devices, cities and places of a range',
      params: productIdParamsSchema,
      body: qrAnalyticsRequestSchema,
      response: { 200: qrAnalyticsSchema },
    },
    handler: async (request) =>
      service.analytics(requirePrincipal(request), request.params.productId, request.body),
  });

  app.route({
    method: 'GET',
    url: `${base}/:qrId`,
    config: { access },
    schema: { tags, summary: 'One QR code', params: codeParams, response: { 200: qrCodeSchema } },
    handler: async (request) =>
      service.get(
        requirePrincipal(request),
        request.params.productId,
        request.params.qrId,
        originOf(request),
      ),
  });

  app.route({
    method: 'PUT',
    url: `${base}/:qrId`,
    config: { access },
    schema: {
      tags,
      summary: 'Rename a QR code or change where it leads (the printed code stays valid)',
      params: codeParams,
      body: qrCodeUpdateSchema,
      response: { 200: qrCodeSchema },
    },
    handler: async (request) =>
      service.update(
        requirePrincipal(request),
        request.params.productId,
        request.params.qrId,
        request.body,
        originOf(request),
      ),
  });

  for (const [action, status] of [
    ['archive', 'archived'],
    ['restore', 'active'],
  ] as const) {
    app.route({
      method: 'POST',
      url: `${base}/:qrId/${action}`,
      config: { access },
      schema: {
        tags,
        summary:
          action === 'archive'
            ? 'Archive a QR code: its redirect answers 404, its scans stay'
            : 'Bring an archived QR code back',
        params: codeParams,
        response: { 200: qrCodeSchema },
      },
      handler: async (request) =>
        service.setStatus(
          requirePrincipal(request),
          request.params.productId,
          request.params.qrId,
          status,
          originOf(request),
        ),
    });
  }

  app.route({
    method: 'POST',
    url: `${base}/:qrId/delete`,
    config: { access },
    schema: {
      tags,
      summary: 'Delete a QR code and its scans',
      params: codeParams,
      response: { 200: z.object({ deleted: z.literal(true) }) },
    },
    handler: async (request) =>
      service.remove(requirePrincipal(request), request.params.productId, request.params.qrId),
  });

  app.route({
    method: 'GET',
    url: `${base}/:qrId/image/:format`,
    // Binary: the browser downloads it directly (same cookie, same access check).
    config: { access, gateway: false },
    schema: {
      tags,
      summary: 'The QR code as a PNG (1024 px) or SVG image of its redirect URL',
      params: imageParams,
      response: { 200: z.instanceof(Buffer).describe('image/png or image/svg+xml bytes') },
    },
    handler: async (request, reply) => {
      const { productId, qrId, format } = request.params;
      const image = await service.image(
        requirePrincipal(request),
        productId,
        qrId,
        format,
        originOf(request),
      );
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-disposition', `attachment; filename="${image.fileName}"`);
      reply.type(format === 'png' ? 'image/png' : 'image/svg+xml');
      return reply.send(image.bytes);
    },
  });
};
