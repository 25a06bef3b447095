import type { GeoPlace, PlaceType } from '@pinpoint/contracts';

/**
 * Where place search comes from (DECISIONS.md: third-party data enters only through
 * provider interfaces). The demo provider searches a bundled US gazetteer; the live one
 * asks Google Places (New). Both keep only Country, State, County and City (SPEC §5).
 */
export interface PlacesProvider {
  readonly name: 'demo' | 'google';
  search(query: string, options: { types?: PlaceType[]; limit: number }): Promise<GeoPlace[]>;
  /** The place with its parts, or null when the id names nothing of the four kinds. */
  lookup(placeId: string): Promise<PlaceDetails | null>;
}

/** A place and the names the company record stores for it (looked up, never sent by a browser). */
export interface PlaceDetails extends GeoPlace {
  /** ISO 3166-1 alpha-2, e.g. US. */
  country: string;
  /** State code for US states (TX), else the provider's short name. */
  state: string | null;
  county: string | null;
  city: string | null;
}

/** The provider could not answer (unreachable, refused, too slow); safe to show. */
export class PlacesProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlacesProviderError';
  }
}

/** SPEC §5: whatever else a provider returns (streets, neighbourhoods, businesses) is dropped. */
export function keepSupportedPlaces<T extends { place_type: string }>(
  places: T[],
  types?: PlaceType[],
): T[] {
  const allowed: readonly string[] = types ?? ['Country', 'State', 'County', 'City'];
  return places.filter((place) => allowed.includes(place.place_type));
}
