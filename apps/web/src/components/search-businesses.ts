import { placesSearchResultSchema, prospectSearchResultSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';

/** `GET /api/places/search?types=City`: the cities a prospect search can be made in. */
export function useCitySearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['custom-rank', 'cities', q],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/places/search?${new URLSearchParams({ q, types: 'City', limit: '5' })}`,
        placesSearchResultSchema,
      ),
    enabled: q.length >= 2,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export interface BusinessSearch {
  q: string;
  /** A city's place id, or "lat,lng". */
  near: string;
}

/** `GET /api/sales/places/search?q=&near=`: the local results there, asked on submit only. */
export function useBusinessSearch(search: BusinessSearch | null) {
  return useQuery({
    queryKey: ['custom-rank', 'businesses', search],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/sales/places/search?${new URLSearchParams({ q: search?.q ?? '', near: search?.near ?? '' })}`,
        prospectSearchResultSchema,
      ),
    enabled: search !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
