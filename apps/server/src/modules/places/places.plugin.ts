import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PlacesConfig } from '../../config';
import { createDemoPlacesProvider } from './demo-places';
import { createGooglePlacesProvider } from './google-places';
import type { PlacesProvider } from './places-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** The places search (demo gazetteer or Google Places), shared by the areas that need it. */
    places: PlacesProvider;
  }
}

export function createPlacesProvider(
  config: PlacesConfig,
  recordCall: FastifyInstance['recordProviderCall'],
): PlacesProvider {
  return config.provider === 'google'
    ? createGooglePlacesProvider({ ...config, recordCall })
    : createDemoPlacesProvider();
}

/**
 * Decorates `app.places` from the configuration. After the status plugin (live calls are
 * counted there) and before the areas that search or look up places.
 */
export const placesPlugin = fp(
  async (app: FastifyInstance, opts: { config: PlacesConfig; provider?: PlacesProvider }) => {
    app.decorate(
      'places',
      opts.provider ?? createPlacesProvider(opts.config, app.recordProviderCall),
    );
  },
);
