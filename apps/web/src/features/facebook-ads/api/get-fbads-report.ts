import { type DayRange, fbadsReportSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/uni/products/fbads/{productId}/report` (SPEC §7 product overviews): totals for
 * the range and the period before it, each day and each campaign, from our synced insights.
 */
export function useFbadsReport(productId: number, range: DayRange) {
  return useQuery({
    queryKey: ['fbads', 'report', productId, range.from, range.to],
    queryFn: () =>
      apiRequest('POST', `/api/uni/products/fbads/${productId}/report`, fbadsReportSchema, {
        from: range.from,
        to: range.to,
      }),
    placeholderData: keepPreviousData,
  });
}
