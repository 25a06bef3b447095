import { z } from 'zod';

/**
 * Local search as the rank grid sees it (issue 6): one keyword searched at one point of a
 * map at one zoom, answered by an ordered list of businesses. The providers live in
 * apps/server/src/providers/search; these are the shapes they share with the scans and
 * the screens.
 */

/** `simulated`: the deterministic model of docs/simulated-search.md (the default). */
export const SEARCH_PROVIDERS = ['simulated', 'dataforseo'] as const;
export type SearchProviderName = (typeof SEARCH_PROVIDERS)[number];

/** Google's local results stop at 20; a rank beyond that is "not found". */
export const SEARCH_MAX_RESULTS = 20;

/**
 * Map zoom levels (Google Maps' scale: 3 = a continent, 21 = a building). 13, about a town,
 * is what geo-grid trackers use by default; the live vendor's own default is 17.
 */
export const SEARCH_ZOOM = { min: 3, max: 21, default: 13 } as const;

export const searchPointSchema = z.object({
  lat: z
    .number({ error: 'Latitude must be a number.' })
    .min(-90, 'Latitude must be between -90 and 90.')
    .max(90, 'Latitude must be between -90 and 90.'),
  lng: z
    .number({ error: 'Longitude must be a number.' })
    .min(-180, 'Longitude must be between -180 and 180.')
    .max(180, 'Longitude must be between -180 and 180.'),
});
export type SearchPoint = z.infer<typeof searchPointSchema>;

export const searchKeywordSchema = z
  .string({ error: 'Type a keyword to search for.' })
  .trim()
  .min(1, 'Type a keyword to search for.')
  .max(120, 'Use at most 120 characters.');

export const searchZoomSchema = z
  .number({ error: 'Zoom must be a number.' })
  .int('Zoom must be a whole number.')
  .min(SEARCH_ZOOM.min, `Zoom must be between ${SEARCH_ZOOM.min} and ${SEARCH_ZOOM.max}.`)
  .max(SEARCH_ZOOM.max, `Zoom must be between ${SEARCH_ZOOM.min} and ${SEARCH_ZOOM.max}.`);

/** What one grid point asks a provider. */
export const searchQuerySchema = z.object({
  keyword: searchKeywordSchema,
  point: searchPointSchema,
  zoom: searchZoomSchema.default(SEARCH_ZOOM.default),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * One business in the local results, in the provider's order. `placeId` is Google's place
 * id (or, from a vendor that gave none, its `cid:` customer id); the rest may be missing.
 */
export const searchResultSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  rating: z.number().min(0).max(5).nullable(),
  reviewCount: z.number().int().min(0).nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * How our business was recognised among the results, strongest evidence first: its Google
 * place id, then its phone number, then its website's domain, then its name.
 */
export const BUSINESS_MATCH_RULES = ['place_id', 'phone', 'website', 'name'] as const;
export type BusinessMatchRule = (typeof BUSINESS_MATCH_RULES)[number];

export const BUSINESS_MATCH_RULE_LABELS: Record<BusinessMatchRule, string> = {
  place_id: 'Google place id',
  phone: 'Phone number',
  website: 'Website domain',
  name: 'Business name',
};
