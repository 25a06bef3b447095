import {
  IMAGE_UPLOAD_MAX_BYTES,
  photoDeleteInputSchema,
  photoListQuerySchema,
  photoListSchema,
  photoParamsSchema,
  photoSchema,
  photoUploadInputSchema,
  productIdParamsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { PhotosService } from './photos.service';

/** Base64 of 10 MB, the JSON around it, and room to spare. */
const UPLOAD_BODY_LIMIT = Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

/** A location's photos (SPEC §7 `/api/uni/products/googlephotos/{id}`). */
export const photosRoutes: FastifyPluginAsyncZod<{ service: PhotosService }> = async (
  app,
  { service },
) => {
  const tags = ['photos'];
  const base = '/api/uni/products/googlephotos';

  app.route({
    method: 'GET',
    url: `${base}/:productId`,
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: "A product's Business Profile photos by category, paged",
      params: productIdParamsSchema,
      querystring: photoListQuerySchema,
      response: { 200: photoListSchema },
    },
    handler: async (request) =>
      service.list(requirePrincipal(request), request.params.productId, request.query),
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/upload`,
    // An image is beyond the gateway's 1 MB JSON limit: the browser posts it here directly.
    config: { access: { productOf: 'productId' }, gateway: false },
    bodyLimit: UPLOAD_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Add a photo: stored without its metadata, then sent to Google by the outbox',
      params: productIdParamsSchema,
      body: photoUploadInputSchema,
      response: { 202: photoSchema },
    },
    handler: async (request, reply) => {
      reply.code(202);
      return service.upload(requirePrincipal(request), request.params.productId, request.body);
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/:productId/:photoId/delete`,
    config: { access: { productOf: 'productId' } },
    schema: {
      tags,
      summary: 'Delete a photo from the profile (through the outbox)',
      params: photoParamsSchema,
      body: photoDeleteInputSchema,
      response: { 202: photoSchema },
    },
    handler: async (request, reply) => {
      reply.code(202);
      const { productId, photoId } = request.params;
      return service.remove(
        requirePrincipal(request),
        productId,
        photoId,
        request.body.idempotencyKey,
      );
    },
  });
};
