import {
  type ClientRecord,
  clientRecordSchema,
  type GeoPlace,
  type ProfileUpdate,
  placesSearchResultSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { localCache } from '../../../lib/local-cache';

/** The local cache key of a client record (SPEC §3): what the header and pages read. */
export const clientRecordPath = (companyId: number) => `/api/uni/client/${companyId}`;

/**
 * `PUT /api/uni/client/{id}/profile`. On success the cached client record is dropped
 * from the local cache (it would otherwise be served for up to an hour) and the query
 * cache takes the server's answer, so every page shows the new values at once.
 */
export function useUpdateProfile(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: ProfileUpdate) =>
      apiRequest(
        'PUT',
        `/api/uni/client/${companyId}/profile`,
        clientRecordSchema,
        update as Record<string, unknown>,
      ),
    onSuccess: (record: ClientRecord) => {
      localCache.remove(clientRecordPath(companyId));
      queryClient.setQueryData(['client', companyId], record);
      void queryClient.invalidateQueries({ queryKey: ['user-clients'] });
    },
  });
}

/** The value after it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export const PLACE_SEARCH_DEBOUNCE_MS = 250;
export const PLACE_SEARCH_MIN_LENGTH = 2;

/** `GET /api/places/search`: searched once typing pauses, from two characters on. */
export function usePlacesSearch(term: string) {
  const query = useDebouncedValue(term.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const enabled = query.length >= PLACE_SEARCH_MIN_LENGTH;
  const search = useQuery({
    queryKey: ['places', query],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/places/search?${new URLSearchParams({ q: query, limit: '8' })}`,
        placesSearchResultSchema,
      ),
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const places: GeoPlace[] = enabled ? (search.data?.places ?? []) : [];
  return {
    places,
    /** Typing has not settled yet, or the answer is on its way. */
    searching: enabled && (term.trim() !== query || search.isFetching),
    error: enabled ? search.error : null,
    settledQuery: enabled ? query : '',
  };
}
