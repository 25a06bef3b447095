import type { DayRange } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GOOGLE_ADS_PAGE_SIZE, googleAdsReport, rangeBody } from './google-ads-request';

/** `reports/locations`: the figures by location (city) the ads were shown in, paged. */
export function useGoogleAdsLocations(productId: number, range: DayRange, page: number) {
  return useQuery({
    queryKey: ['google-ads', 'reports/locations', productId, range.from, range.to, page],
    queryFn: () =>
      googleAdsReport('reports/locations', {
        ...rangeBody(productId, range),
        page,
        pageSize: GOOGLE_ADS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}
