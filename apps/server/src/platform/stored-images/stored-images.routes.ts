import {
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadInputSchema,
  storedImageSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import { canAccessClient } from '../../kernel/lib/access-policy';
import { accessDenied, notFound } from '../../kernel/lib/app-error';
import { verifyLink } from '../../kernel/lib/signed-link';
import type { StoredImages } from './stored-images';

const companyParams = z.object({ id: z.coerce.number().int().positive() });
const imageParams = companyParams.extend({ imageId: z.coerce.number().int().positive() });
/** Base64 of 10 MB, the JSON around it, and room to spare. */
const UPLOAD_BODY_LIMIT = Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * Uploaded images. The upload and the bytes bypass the gateway: its JSON limit is 1 MB,
 * and an `<img>` loads bytes by URL. Both still declare their access like every route.
 */
export const storedImagesRoutes: FastifyPluginAsyncZod<{
  images: StoredImages;
  linkSecret: Buffer;
}> = async (app, { images, linkSecret }) => {
  const tags = ['images'];

  app.route({
    method: 'POST',
    url: '/api/uni/client/:id/images',
    config: { access: { clientOf: 'id' }, gateway: false },
    bodyLimit: UPLOAD_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Upload an image: its type read from its bytes, GPS and other metadata removed',
      params: companyParams,
      body: imageUploadInputSchema,
      response: { 201: storedImageSchema },
    },
    handler: async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!canAccessClient(principal, request.params.id)) throw accessDenied();
      const { dataBase64, contentType, fileName } = request.body;
      const info = await images.store(
        request.params.id,
        { bytes: Buffer.from(dataBase64, 'base64'), declaredType: contentType, fileName },
        principal.userId,
      );
      reply.code(201);
      return { ...info, url: images.browserUrl(info) };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/uni/client/:id/images/:imageId',
    config: { access: { clientOf: 'id' }, gateway: false },
    schema: {
      tags,
      summary: "One of the company's stored images (bytes)",
      params: imageParams,
      response: {
        200: z.instanceof(Buffer).describe('image bytes'),
        304: z.null().describe('not modified (ETag)'),
      },
    },
    handler: async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!canAccessClient(principal, request.params.id)) throw accessDenied();
      const found = await images.bytes(request.params.imageId);
      if (!found || found.info.companyId !== request.params.id) throw notFound('No such image.');
      if (request.headers['if-none-match'] === `"${found.info.sha256}"`) {
        return reply.code(304).send(null);
      }
      reply.header('etag', `"${found.info.sha256}"`);
      reply.header('cache-control', 'private, max-age=86400');
      reply.header('x-content-type-options', 'nosniff');
      reply.type(found.info.contentType);
      return reply.send(Buffer.from(found.bytes));
    },
  });

  app.route({
    method: 'GET',
    url: '/api/public/images/:token',
    // Vendors (Google's media and local posts) fetch an upload by URL, without a session.
    config: { access: 'public', gateway: false },
    schema: {
      tags,
      summary: 'A stored image by a signed link that expires (for vendors fetching media)',
      params: z.object({ token: z.string().max(512) }),
      response: { 200: z.instanceof(Buffer).describe('image bytes') },
    },
    handler: async (request, reply) => {
      const check = verifyLink(linkSecret, 'image', request.params.token);
      if (!check.ok) throw notFound('No such image.');
      const found = await images.bytes(check.subjectId);
      if (!found) throw notFound('No such image.');
      reply.header('cache-control', 'public, max-age=3600');
      reply.header('x-content-type-options', 'nosniff');
      reply.type(found.info.contentType);
      return reply.send(Buffer.from(found.bytes));
    },
  });
};
