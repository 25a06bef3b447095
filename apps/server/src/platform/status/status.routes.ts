import rateLimit from '@fastify/rate-limit';
import { statusPageSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * Requests per address per minute. The page refreshes every 30 s and the answer is
 * cached, so this only stops a flood from running the probes' queries at will.
 */
export const STATUS_REQUESTS_PER_MINUTE = 120;

/**
 * The public status page's data. Under /api/system/, not /api/status/: that namespace is
 * the error log service of SPEC §7.
 */
export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateLimit, { global: false });

  app.route({
    method: 'GET',
    url: '/api/system/status',
    config: {
      access: 'public',
      rateLimit: { max: STATUS_REQUESTS_PER_MINUTE, timeWindow: '1 minute' },
    },
    schema: {
      tags: ['system'],
      summary: 'Live health of each component, provider error rates and 90-day uptime',
      response: { 200: statusPageSchema },
    },
    handler: async () => app.statusPage.get(),
  });
};
