import {
  type CallStatus,
  ctmCallListSchema,
  ctmSummarySchema,
  type DayRange,
} from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const CALLS_PAGE_SIZE = 20;

export interface CallFilters {
  source?: string;
  status?: CallStatus;
  firstTime?: 'yes' | 'no';
  q?: string;
  page: number;
}

function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** `GET /api/uni/products/ctm/{id}`: the range's calls by day, source and outcome. */
export function useCtmSummary(productId: number, range: DayRange, timeZone: string | undefined) {
  return useQuery({
    queryKey: ['ctm', 'summary', productId, range.from, range.to, timeZone],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/uni/products/ctm/${productId}?${query({ from: range.from, to: range.to, tz: timeZone })}`,
        ctmSummarySchema,
      ),
  });
}

/** `GET /api/uni/products/ctm/{id}/calls`: the range's calls, newest first, filtered and paged. */
export function useCtmCalls(
  productId: number,
  range: DayRange,
  timeZone: string | undefined,
  filters: CallFilters,
) {
  return useQuery({
    queryKey: ['ctm', 'calls', productId, range.from, range.to, timeZone, filters],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/uni/products/ctm/${productId}/calls?${query({
          from: range.from,
          to: range.to,
          tz: timeZone,
          ...filters,
          pageSize: CALLS_PAGE_SIZE,
        })}`,
        ctmCallListSchema,
      ),
    placeholderData: keepPreviousData,
  });
}
