import type { GeoPlace, PlaceType } from '@pinpoint/contracts';
import { AppError } from '../../kernel/lib/app-error';
import type { PlaceDetails, PlacesProvider } from '../../providers/places/port';
import { PlacesProviderError } from '../../providers/places/port';

const UNAVAILABLE = 'Place search is not available right now. Try again in a minute.';

/** The provider's failures become a 503 the user can read; nothing else leaks out. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlacesProviderError) {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', UNAVAILABLE, {
        headers: { 'retry-after': '60' },
      });
    }
    throw error;
  }
}

export function createPlacesService(provider: PlacesProvider) {
  return {
    search(query: string, options: { types?: PlaceType[]; limit: number }): Promise<GeoPlace[]> {
      return guarded(() => provider.search(query, options));
    },
    lookup(placeId: string): Promise<PlaceDetails | null> {
      return guarded(() => provider.lookup(placeId));
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
