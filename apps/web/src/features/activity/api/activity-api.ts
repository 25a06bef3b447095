import { type ActivityType, activityPageSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ActivityFilter {
  companyId: number;
  type: ActivityType | null;
  page: number;
  pageSize: number;
}

function activityUrl(filter: ActivityFilter): string {
  const params = new URLSearchParams({
    limit: String(filter.pageSize),
    offset: String((filter.page - 1) * filter.pageSize),
  });
  if (filter.type) params.set('type', filter.type);
  return `/api/uni/client/activity/${filter.companyId}?${params}`;
}

/** SPEC §7 `/api/uni/client/activity/{id}`: one page of the feed, newest first. */
export function useActivity(filter: ActivityFilter) {
  return useQuery({
    queryKey: ['activity', filter],
    queryFn: () => apiRequest('GET', activityUrl(filter), activityPageSchema),
    placeholderData: keepPreviousData,
  });
}
