import type { DayRange } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { googleAdsReport, rangeBody } from './google-ads-request';

/** `account/snapshot`: the account's figures for the range and the period before, and the sync's freshness. */
export function useGoogleAdsSnapshot(productId: number, range: DayRange) {
  return useQuery({
    queryKey: ['google-ads', 'account/snapshot', productId, range.from, range.to],
    queryFn: () => googleAdsReport('account/snapshot', { ...rangeBody(productId, range) }),
    placeholderData: keepPreviousData,
  });
}
