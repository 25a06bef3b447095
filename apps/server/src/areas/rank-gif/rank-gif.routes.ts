import {
  gifIdParamsSchema,
  gifRequestSchema,
  gifSeriesSchema,
  rankGifSchema,
  scanIdParamsSchema,
} from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../../kernel/http/access';
import type { RankGridEngine } from '../rank-grid';
import { createRankGifJob } from './rank-gif.job';
import { createRankGifRepository } from './rank-gif.repository';
import { createRankGifService } from './rank-gif.service';

/**
 * Animated GIFs of a grid's history. Every route is for signed-in callers; the service
 * checks the scan's or the GIF's company (404 otherwise). Registered after the rank grid
 * plugin (it reads scans through `rankGrid`) and the jobs plugin (it adds its job).
 */
export const rankGifRoutes: FastifyPluginAsyncZod<{ rankGrid: RankGridEngine }> = async (
  app,
  { rankGrid },
) => {
  const repo = createRankGifRepository(app.database.db);
  const job = createRankGifJob({ repo, events: app.realtime });
  app.jobs.register(job);
  const gifs = createRankGifService({
    repo,
    scanOf: (scanId) => rankGrid.repo.scan(scanId),
    enqueue: (gifId) => app.jobs.send(job, { gifId }),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/gif/series/:id',
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary: 'How many finished scans of a scan’s settings, up to it, a GIF could show',
      params: scanIdParamsSchema,
      response: { 200: gifSeriesSchema },
    },
    handler: async (request) => gifs.series(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'POST',
    url: '/api/localrank/gif',
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary: 'Start an animated GIF of the newest 3–52 scans of a scan’s settings',
      body: gifRequestSchema,
      response: { 200: rankGifSchema },
    },
    handler: async (request) => gifs.request(requirePrincipal(request), request.body),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/gif/:id',
    config: { access: 'signed-in' },
    schema: {
      tags: ['rank-grid'],
      summary: 'A GIF’s status and progress',
      params: gifIdParamsSchema,
      response: { 200: rankGifSchema },
    },
    handler: async (request) => gifs.find(requirePrincipal(request), request.params.id),
  });

  app.route({
    method: 'GET',
    url: '/api/localrank/gif/:id/file',
    // Bytes, not JSON: the browser opens it directly (img, download link), not via the gateway.
    config: { access: 'signed-in', gateway: false },
    schema: {
      tags: ['rank-grid'],
      summary: 'Download a finished GIF (409 until it is done)',
      params: gifIdParamsSchema,
      response: { 200: z.instanceof(Buffer).describe('image/gif bytes') },
    },
    handler: async (request, reply) => {
      const { bytes, fileName } = await gifs.file(requirePrincipal(request), request.params.id);
      // Private: the bytes show a client's rankings.
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      reply.type('image/gif');
      return reply.send(bytes);
    },
  });
};
