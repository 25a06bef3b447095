import { LISTING_DIRECTORIES, listingDirectoriesSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * SPEC §7 `/api/uni/system/listings`: the business-listing directories (Google, Bing,
 * Apple Maps, Yelp, Facebook…) that the listings products publish a company to. The same
 * reference list for everyone signed in; a company's own listings come with its products.
 */
export const listingDirectoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    method: 'GET',
    url: '/api/uni/system/listings',
    config: { access: 'signed-in' },
    schema: {
      tags: ['system'],
      summary: 'The business-listing directories the listings products publish to',
      response: { 200: listingDirectoriesSchema },
    },
    handler: async () => ({ directories: [...LISTING_DIRECTORIES] }),
  });
};
