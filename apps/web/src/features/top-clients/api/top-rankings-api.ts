import {
  type TopRankingList,
  topRankingsSchema,
  userClientsResponseSchema,
} from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/main/toprankings?list=`: the whole ranked list (the page pages it). */
export function useTopRankings(list: TopRankingList) {
  return useQuery({
    queryKey: ['top-rankings', list],
    queryFn: () => apiRequest('GET', `/api/main/toprankings?list=${list}`, topRankingsSchema),
  });
}

/** `GET /api/uni/user/clients`: the records behind the vertical and metro filters. */
export function useClientRecords() {
  return useQuery({
    queryKey: ['user-clients'],
    queryFn: () => apiRequest('GET', '/api/uni/user/clients', userClientsResponseSchema),
    staleTime: 5 * 60_000,
  });
}
