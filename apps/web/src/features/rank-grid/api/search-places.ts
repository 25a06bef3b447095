import { placesSearchResultSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/places/search?q=`: cities (with their position) for the grid's centre. */
export function usePlaceSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['places-search', q],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/places/search?${new URLSearchParams({ q, types: 'City', limit: '8' })}`,
        placesSearchResultSchema,
      ),
    enabled: q.length >= 2,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}
