import rateLimit from '@fastify/rate-limit';
import { placesSearchQuerySchema, placesSearchResultSchema } from '@pinpoint/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PlacesProvider } from '../../providers/places/port';
import { createPlacesService } from './places.service';

/**
 * Searches per address per minute: a combobox searches as one types (debounced), so a
 * person stays far below this; a script running up a paid provider's bill does not.
 */
export const PLACE_SEARCHES_PER_MINUTE = 120;

/** `GET /api/places/search`: Country, State, County and City places (SPEC §3, §5). */
export const placesRoutes: FastifyPluginAsyncZod<{ places: PlacesProvider }> = async (
  app,
  { places: provider },
) => {
  const places = createPlacesService(provider);
  await app.register(rateLimit, { global: false });

  app.route({
    method: 'GET',
    url: '/api/places/search',
    config: {
      access: 'signed-in',
      rateLimit: { max: PLACE_SEARCHES_PER_MINUTE, timeWindow: '1 minute' },
    },
    schema: {
      tags: ['places'],
      summary: 'Search places by name: countries, states, counties and cities only',
      querystring: placesSearchQuerySchema,
      response: { 200: placesSearchResultSchema },
    },
    handler: async (request) => ({
      places: await places.search(request.query.q, {
        types: request.query.types,
        limit: request.query.limit,
      }),
    }),
  });
};
