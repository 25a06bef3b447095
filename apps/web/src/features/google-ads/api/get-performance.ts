import type { DayRange } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { googleAdsReport, rangeBody } from './google-ads-request';

/** `performance/report`: the account's figures day by day. */
export function useGoogleAdsPerformance(productId: number, range: DayRange) {
  return useQuery({
    queryKey: ['google-ads', 'performance/report', productId, range.from, range.to],
    queryFn: () => googleAdsReport('performance/report', { ...rangeBody(productId, range) }),
    placeholderData: keepPreviousData,
  });
}
