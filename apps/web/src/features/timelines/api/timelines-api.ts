import {
  clientTimelinesSchema,
  TIMELINE_POINTS_MAX,
  type TimelineSearchRequestInput,
  timelineSearchResponseSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/ranktimeline/find/client/{id}`: every line of a client, with as many dated
 * points as the route gives (52, a year of weekly scans), for the charts and the raw rows.
 */
export function useClientTimelines(companyId: number) {
  return useQuery({
    queryKey: ['timelines', 'client', companyId],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/ranktimeline/find/client/${companyId}?points=${TIMELINE_POINTS_MAX}`,
        clientTimelinesSchema,
      ),
  });
}

/** `POST /api/ranktimeline/find/search` (staff): pages of companies with matching lines. */
export function useTimelineSearch(request: TimelineSearchRequestInput | null) {
  return useQuery({
    queryKey: ['timelines', 'search', request],
    queryFn: () =>
      apiRequest(
        'POST',
        '/api/ranktimeline/find/search',
        timelineSearchResponseSchema,
        request as Record<string, unknown>,
      ),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
