import type { DayRange } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GOOGLE_ADS_PAGE_SIZE, googleAdsReport, rangeBody } from './google-ads-request';

/** `ads/all`: every ad with its text and its figures for the range, paged. */
export function useGoogleAdsAds(
  productId: number,
  range: DayRange,
  page: number,
  status?: 'ENABLED' | 'PAUSED',
) {
  return useQuery({
    queryKey: ['google-ads', 'ads/all', productId, range.from, range.to, page, status],
    queryFn: () =>
      googleAdsReport('ads/all', {
        ...rangeBody(productId, range),
        page,
        pageSize: GOOGLE_ADS_PAGE_SIZE,
        status,
      }),
    placeholderData: keepPreviousData,
  });
}
