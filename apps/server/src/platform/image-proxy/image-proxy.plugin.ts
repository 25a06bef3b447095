import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config/config';
import { createImageFetcher, type ImageFetcherDeps } from './image-fetcher';

export interface ImageProxyPluginOptions {
  config: AppConfig;
  /** Tests and benchmarks point the fetcher at local upstreams (resolver, trusted address, CA). */
  fetcher?: Partial<Omit<ImageFetcherDeps, 'allowedHosts'>>;
}

const querySchema = z.object({
  url: z.string().min(1, 'Give the image address.').max(4096, 'That address is too long.'),
});

/**
 * `/api/main/image/proxy?url=` (SPEC §7): vendor images (Google photos, Facebook pictures)
 * served from our origin, so pages keep a strict image policy and never hand a vendor the
 * viewer's address. The rules are in image-fetcher.ts; an `<img>` loads it with the
 * session cookie, so it stays off the gateway.
 */
export const imageProxyPlugin = fp(
  async (app: FastifyInstance, opts: ImageProxyPluginOptions) => {
    const fetcher = createImageFetcher({
      allowedHosts: opts.config.imageProxyHosts,
      recordCall: (ok) => void app.recordProviderCall('image-proxy', ok),
      ...opts.fetcher,
    });
    app.addHook('onClose', async () => fetcher.close());

    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'GET',
      url: '/api/main/image/proxy',
      config: { access: 'signed-in', gateway: false },
      schema: {
        tags: ['images'],
        summary: 'A vendor image, fetched under the proxy rules and cached',
        querystring: querySchema,
        response: { 200: z.instanceof(Buffer).describe('image bytes') },
      },
      handler: async (request, reply) => {
        const image = await fetcher.fetch(request.query.url);
        reply.header('cache-control', `private, max-age=${image.maxAgeSeconds}`);
        reply.header('x-content-type-options', 'nosniff');
        reply.header('content-security-policy', "default-src 'none'; sandbox");
        reply.type(image.contentType);
        return reply.send(image.bytes);
      },
    });
  },
  { name: 'image-proxy' },
);
