import type { DayRange } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { googleAdsReport, rangeBody } from './google-ads-request';

/** `campaigns/metrics`: every campaign's figures for the range, and their totals. */
export function useGoogleAdsCampaigns(productId: number, range: DayRange) {
  return useQuery({
    queryKey: ['google-ads', 'campaigns/metrics', productId, range.from, range.to],
    queryFn: () => googleAdsReport('campaigns/metrics', { ...rangeBody(productId, range) }),
    placeholderData: keepPreviousData,
  });
}
