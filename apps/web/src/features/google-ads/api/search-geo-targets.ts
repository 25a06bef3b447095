import { geoTargetPageSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/googleads/geotargets?q=`: US geo target constants whose name holds the text. */
export function useGeoTargetSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['google-ads', 'geotargets', q],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/googleads/geotargets?${new URLSearchParams({ q, pageSize: '8' })}`,
        geoTargetPageSchema,
      ),
    enabled: q.length >= 2,
    staleTime: 60 * 60_000,
    placeholderData: keepPreviousData,
  });
}
