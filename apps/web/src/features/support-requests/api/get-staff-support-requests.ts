import { supportRequestListSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SUPPORT_REQUESTS_KEY } from './get-product-support-requests';

export type SupportListFilter = 'open' | 'closed' | 'all';

export interface StaffSupportQuery {
  status: SupportListFilter;
  limit: number;
  offset: number;
}

/** `GET /api/support-requests`: the requests of the clients the caller looks after. */
export function useStaffSupportRequests(query: StaffSupportQuery) {
  return useQuery({
    queryKey: [SUPPORT_REQUESTS_KEY, 'staff', query],
    queryFn: () => {
      const params = new URLSearchParams({
        status: query.status,
        limit: String(query.limit),
        offset: String(query.offset),
      });
      return apiRequest('GET', `/api/support-requests?${params}`, supportRequestListSchema);
    },
    placeholderData: keepPreviousData,
  });
}
