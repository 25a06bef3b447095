import type { FastifyInstance } from 'fastify';
import type { PlacesConfig } from '../../config/config';
import { createDemoPlacesProvider } from '../../providers/places/demo-places';
import { createGooglePlacesProvider } from '../../providers/places/google-places';
import type { PlacesProvider } from '../../providers/places/port';

export function createPlacesProvider(
  config: PlacesConfig,
  recordCall: FastifyInstance['recordProviderCall'],
): PlacesProvider {
  return config.provider === 'google'
    ? createGooglePlacesProvider({ ...config, recordCall })
    : createDemoPlacesProvider();
}

/**
 * The places provider from the configuration, for the areas that need it. After the status plugin (live calls are
 * counted there) and before the areas that search or look up places.
 */
export async function registerPlaces(
  app: FastifyInstance,
  opts: { config: PlacesConfig; provider?: PlacesProvider },
) {
  const places = opts.provider ?? createPlacesProvider(opts.config, app.recordProviderCall);

  return { places };
}
