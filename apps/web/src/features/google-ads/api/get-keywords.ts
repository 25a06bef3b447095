import type { DayRange } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GOOGLE_ADS_PAGE_SIZE, googleAdsReport, rangeBody } from './google-ads-request';

/** `reports/keywords`: keywords by clicks, with their quality score, paged. */
export function useGoogleAdsKeywords(productId: number, range: DayRange, page: number) {
  return useQuery({
    queryKey: ['google-ads', 'reports/keywords', productId, range.from, range.to, page],
    queryFn: () =>
      googleAdsReport('reports/keywords', {
        ...rangeBody(productId, range),
        page,
        pageSize: GOOGLE_ADS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}
