import { SEARCH_MAX_RESULTS, type SearchResult } from '@pinpoint/contracts';
import { z } from 'zod';
import type { SearchFailureCode } from './port';

/**
 * DataForSEO's Google Maps SERP answer (`/v3/serp/google/maps/live/advanced`), only the
 * parts we read. Everything is optional or nullable as the vendor documents it; an item
 * that does not fit is skipped rather than failing the whole point.
 */
const mapsItemSchema = z.object({
  type: z.string(),
  rank_group: z.number().nullish(),
  rank_absolute: z.number().nullish(),
  title: z.string().nullish(),
  address: z.string().nullish(),
  phone: z.string().nullish(),
  url: z.string().nullish(),
  domain: z.string().nullish(),
  rating: z.object({ value: z.number().nullish(), votes_count: z.number().nullish() }).nullish(),
  place_id: z.string().nullish(),
  cid: z.string().nullish(),
  latitude: z.number().nullish(),
  longitude: z.number().nullish(),
});

export const dataForSeoResponseSchema = z.object({
  status_code: z.number(),
  status_message: z.string().nullish(),
  tasks: z
    .array(
      z.object({
        status_code: z.number(),
        status_message: z.string().nullish(),
        cost: z.number().nullish(),
        result: z.array(z.object({ items: z.array(z.unknown()).nullish() })).nullish(),
      }),
    )
    .nullish(),
});
export type DataForSeoResponse = z.infer<typeof dataForSeoResponseSchema>;

/**
 * What a DataForSEO status code means for us (docs: appendix/errors). The API answers
 * HTTP 200 for almost everything and puts the outcome in `status_code`, at the top and
 * per task: 20000 is success, 40102 "No Search Results." is a real, empty answer, 40101
 * "Internal SE Server Error." and 5xxxx are the vendor's side failing, 40202/40209 are its
 * rate limits, 40200/402xx billing, 40100 credentials; any other 4xxxx is our request.
 */
export function classifyStatusCode(code: number): 'ok' | 'empty' | SearchFailureCode {
  if (code === 20000) return 'ok';
  if (code === 40102) return 'empty';
  if (code === 40101 || (code >= 50000 && code < 60000)) return 'server_error';
  if (code === 40202 || code === 40209) return 'rate_limited';
  if (code >= 40200 && code < 40300) return 'payment';
  if (code === 40100) return 'auth';
  return 'invalid_request';
}

/** The same for the few HTTP statuses the API uses (401, 402, 404, 500) and the usual others. */
export function classifyHttpStatus(status: number): SearchFailureCode {
  if (status === 401 || status === 403) return 'auth';
  if (status === 402) return 'payment';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

function websiteOf(item: z.infer<typeof mapsItemSchema>): string | null {
  if (item.url) return item.url;
  return item.domain ? `https://${item.domain}` : null;
}

/**
 * The task's local results in our shape: map listings only (`maps_search`), in the
 * vendor's absolute rank order, at most SEARCH_MAX_RESULTS. A listing without a place id
 * keeps its customer id as `cid:<n>` so that it is still one distinct business.
 */
export function toSearchResults(items: readonly unknown[]): SearchResult[] {
  const listings: { rank: number; result: SearchResult }[] = [];
  items.forEach((raw, index) => {
    const parsed = mapsItemSchema.safeParse(raw);
    if (!parsed.success || parsed.data.type !== 'maps_search') return;
    const item = parsed.data;
    const placeId = item.place_id || (item.cid ? `cid:${item.cid}` : null);
    if (!placeId || !item.title) return;
    const rating = item.rating?.value;
    const votes = item.rating?.votes_count;
    listings.push({
      rank: item.rank_absolute ?? item.rank_group ?? index + 1,
      result: {
        placeId,
        name: item.title,
        address: item.address ?? null,
        phone: item.phone ?? null,
        website: websiteOf(item),
        rating: typeof rating === 'number' ? Math.min(5, Math.max(0, rating)) : null,
        reviewCount: typeof votes === 'number' ? Math.max(0, Math.round(votes)) : null,
        lat: item.latitude ?? null,
        lng: item.longitude ?? null,
      },
    });
  });
  return listings
    .sort((a, b) => a.rank - b.rank)
    .slice(0, SEARCH_MAX_RESULTS)
    .map((listing) => listing.result);
}

/** "lat,lng,zoomz" with at most 7 decimals, as the API's `location_coordinate` wants it. */
export function locationCoordinate(point: { lat: number; lng: number }, zoom: number): string {
  const fixed = (value: number) => String(Number(value.toFixed(7)));
  return `${fixed(point.lat)},${fixed(point.lng)},${zoom}z`;
}
