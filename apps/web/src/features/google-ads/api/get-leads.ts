import type { DayRange } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { GOOGLE_ADS_PAGE_SIZE, googleAdsReport, rangeBody } from './google-ads-request';

/** `leads`: calls and forms of the range, newest first, paged. */
export function useGoogleAdsLeads(
  productId: number,
  range: DayRange,
  page: number,
  kind?: 'call' | 'form',
) {
  return useQuery({
    queryKey: ['google-ads', 'leads', productId, range.from, range.to, page, kind],
    queryFn: () =>
      googleAdsReport('leads', {
        ...rangeBody(productId, range),
        page,
        pageSize: GOOGLE_ADS_PAGE_SIZE,
        kind,
      }),
    placeholderData: keepPreviousData,
  });
}
