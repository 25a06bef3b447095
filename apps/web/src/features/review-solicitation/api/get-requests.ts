import {
  type DayRange,
  type RequestStatus,
  SOLICITATION_PAGE_SIZE,
  type SolicitationChannel,
  solicitationRequestsPageSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { solicitationBase, solicitationKey } from '../../../lib/solicitation-api';

export interface RequestFilters {
  status?: RequestStatus;
  channel?: SolicitationChannel;
  q?: string;
  page: number;
}

/** `GET …/{productId}/requests`: one page of the history, newest first. */
export function useSolicitationRequests(
  productId: number,
  range: DayRange,
  timeZone: string,
  filters: RequestFilters,
) {
  return useQuery({
    queryKey: [...solicitationKey(productId), 'requests', range.from, range.to, timeZone, filters],
    queryFn: () => {
      const params = new URLSearchParams({
        from: range.from,
        to: range.to,
        tz: timeZone,
        page: String(filters.page),
        pageSize: String(SOLICITATION_PAGE_SIZE),
      });
      if (filters.status) params.set('status', filters.status);
      if (filters.channel) params.set('channel', filters.channel);
      if (filters.q) params.set('q', filters.q);
      return apiRequest(
        'GET',
        `${solicitationBase(productId)}/requests?${params}`,
        solicitationRequestsPageSchema,
      );
    },
    placeholderData: keepPreviousData,
  });
}
