import {
  type DayRange,
  type LsaLeadStatus,
  type LsaLeadType,
  lsaLeadListSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rangeBody } from './lsa-query';

export interface LsaLeadFilters {
  type?: LsaLeadType;
  status?: LsaLeadStatus;
  charged?: 'yes' | 'no';
  page: number;
}

export const LSA_LEADS_PAGE_SIZE = 20;

/** `POST /api/lsa/account/leads`: the range's leads, newest first, filtered and paged. */
export function useLsaLeads(
  productId: number,
  range: DayRange,
  timeZone: string | undefined,
  filters: LsaLeadFilters,
) {
  return useQuery({
    queryKey: ['lsa', 'leads', productId, range.from, range.to, timeZone, filters],
    queryFn: () =>
      apiRequest('POST', '/api/lsa/account/leads', lsaLeadListSchema, {
        ...rangeBody(productId, range, timeZone),
        ...filters,
        pageSize: LSA_LEADS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}
