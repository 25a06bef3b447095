import type { GeoPlace, PlaceType } from '@pinpoint/contracts';
import type { RecordProviderCall } from '../kernel/provider-calls';
import { GOOGLE_PLACES_PROVIDER } from '../kernel/vendor-ids';
import { keepSupportedPlaces, type PlacesProvider, PlacesProviderError } from './port';

/** Google's primary types for our four kinds, most specific last (a city wins over a county). */
const GOOGLE_TYPES: [google: string, ours: PlaceType][] = [
  ['country', 'Country'],
  ['administrative_area_level_1', 'State'],
  ['administrative_area_level_2', 'County'],
  ['locality', 'City'],
];

function placeTypeOf(types: readonly string[] | undefined): PlaceType | null {
  let found: PlaceType | null = null;
  for (const [google, ours] of GOOGLE_TYPES) if (types?.includes(google)) found = ours;
  return found;
}

function googleTypesFor(types: PlaceType[] | undefined): string[] {
  return GOOGLE_TYPES.filter(([, ours]) => !types || types.includes(ours)).map(([g]) => g);
}

/** The documented answer of `POST /v1/places:autocomplete` (only what we read). */
interface AutocompleteResponse {
  suggestions?: {
    placePrediction?: { placeId?: string; text?: { text?: string }; types?: string[] };
  }[];
}

/** The documented answer of `GET /v1/places/{id}` for our field mask. */
interface PlaceResponse {
  id?: string;
  formattedAddress?: string;
  types?: string[];
  location?: { latitude?: number; longitude?: number };
  addressComponents?: { longText?: string; shortText?: string; types?: string[] }[];
}

export interface GooglePlacesOptions {
  apiKey: string;
  /** https://places.googleapis.com, or a local fake server in tests. */
  baseUrl: string;
  timeoutMs: number;
  recordCall: RecordProviderCall;
  fetchImpl?: typeof fetch;
}

/**
 * Google Places API (New): Autocomplete for search, Place Details to look a picked place
 * up again. The key travels only in the `X-Goog-Api-Key` header: never in a URL, a log
 * line or an error message.
 */
export function createGooglePlacesProvider(options: GooglePlacesOptions): PlacesProvider {
  const fetchImpl = options.fetchImpl ?? fetch;

  /** One call with a time limit; every outcome is counted for the status page. */
  async function call<T>(
    path: string,
    init: RequestInit & { fieldMask?: string },
  ): Promise<T | null> {
    const headers: Record<string, string> = {
      'x-goog-api-key': options.apiKey,
      accept: 'application/json',
    };
    if (init.body) headers['content-type'] = 'application/json';
    if (init.fieldMask) headers['x-goog-fieldmask'] = init.fieldMask;
    let response: Response;
    try {
      response = await fetchImpl(`${options.baseUrl}${path}`, {
        ...init,
        headers,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      await options.recordCall(GOOGLE_PLACES_PROVIDER, false);
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new PlacesProviderError(
        timedOut
          ? `Google Places did not answer within ${options.timeoutMs / 1000} s.`
          : 'Google Places could not be reached.',
      );
    }
    const body: unknown = await response.json().catch(() => null);
    // A details lookup of an id Google does not know is an answer, not an outage.
    if (response.status === 404) {
      await options.recordCall(GOOGLE_PLACES_PROVIDER, true);
      return null;
    }
    if (!response.ok) {
      await options.recordCall(GOOGLE_PLACES_PROVIDER, false);
      const status = (body as { error?: { status?: unknown } } | null)?.error?.status;
      throw new PlacesProviderError(
        `Google Places refused the request (HTTP ${response.status}${typeof status === 'string' ? ` ${status}` : ''}).`,
      );
    }
    await options.recordCall(GOOGLE_PLACES_PROVIDER, true);
    return body as T;
  }

  return {
    name: 'google',

    async search(query, { types, limit }) {
      const answer = await call<AutocompleteResponse>('/v1/places:autocomplete', {
        method: 'POST',
        // At most five primary types are allowed; we send four at most.
        body: JSON.stringify({ input: query, includedPrimaryTypes: googleTypesFor(types) }),
      });
      const places: GeoPlace[] = [];
      for (const suggestion of answer?.suggestions ?? []) {
        const prediction = suggestion.placePrediction;
        const placeType = placeTypeOf(prediction?.types);
        if (!prediction?.placeId || !prediction.text?.text || !placeType) continue;
        places.push({
          place_id: prediction.placeId,
          place_type: placeType,
          full_name: prediction.text.text,
        });
      }
      return keepSupportedPlaces(places, types).slice(0, limit);
    },

    async lookup(placeId) {
      const place = await call<PlaceResponse>(`/v1/places/${encodeURIComponent(placeId)}`, {
        method: 'GET',
        fieldMask: 'id,formattedAddress,types,location,addressComponents',
      });
      const placeType = placeTypeOf(place?.types);
      if (!place?.id || !placeType) return null;
      const part = (type: string, form: 'longText' | 'shortText') =>
        place.addressComponents?.find((c) => c.types?.includes(type))?.[form] ?? null;
      return {
        place_id: place.id,
        place_type: placeType,
        full_name: place.formattedAddress ?? part('locality', 'longText') ?? place.id,
        lat: place.location?.latitude ?? null,
        lng: place.location?.longitude ?? null,
        country: part('country', 'shortText') ?? 'US',
        state: part('administrative_area_level_1', 'shortText'),
        county: part('administrative_area_level_2', 'longText'),
        city: part('locality', 'longText'),
      };
    },
  };
}
