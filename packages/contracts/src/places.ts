import { z } from 'zod';

/** SPEC §3 "Geo place" and §5: the places list keeps only these four kinds. */
export const PLACE_TYPES = ['Country', 'State', 'County', 'City'] as const;
export const placeTypeSchema = z.enum(PLACE_TYPES);
export type PlaceType = z.infer<typeof placeTypeSchema>;

/** Place ids: the demo gazetteer's (`us-tx-austin`) or a Google place id. */
export const placeIdSchema = z
  .string({ error: 'Pick a place from the search.' })
  .trim()
  .min(1, 'Pick a place from the search.')
  .max(300, 'This place id is too long.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This is not a place id. Pick a place from the search.');

/** One search result (SPEC §3), with its position when the provider knows it. */
export const geoPlaceSchema = z.object({
  place_id: z.string(),
  place_type: placeTypeSchema,
  full_name: z.string(),
  lat: z.number().nullable().optional(),
  lng: z.number().nullable().optional(),
});
export type GeoPlace = z.infer<typeof geoPlaceSchema>;

export const PLACES_SEARCH_MAX_LIMIT = 20;
export const PLACES_SEARCH_DEFAULT_LIMIT = 8;

/** `GET /api/places/search?q=austin&types=City,County&limit=8`. */
export const placesSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type a place name to search for.' })
    .trim()
    .min(1, 'Type a place name to search for.')
    .max(100, 'Use at most 100 characters.'),
  /** Comma-separated subset of PLACE_TYPES; all four when left out. */
  types: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const parts = value.split(',').map((part) => part.trim());
      const bad = parts.filter((part) => !(PLACE_TYPES as readonly string[]).includes(part));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown place type ${bad.join(', ')}: use ${PLACE_TYPES.join(', ')}.`,
        });
        return z.NEVER;
      }
      return [...new Set(parts)] as PlaceType[];
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PLACES_SEARCH_MAX_LIMIT)
    .default(PLACES_SEARCH_DEFAULT_LIMIT),
});
export type PlacesSearchQuery = z.input<typeof placesSearchQuerySchema>;

export const placesSearchResultSchema = z.object({
  places: z.array(geoPlaceSchema),
});
export type PlacesSearchResult = z.infer<typeof placesSearchResultSchema>;
