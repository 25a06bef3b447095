import { type DayRange, reviewSummarySchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/uni/products/reviews/{productId}/summary?from&to&tz`: the product's reviews in
 * a range of days, read in `timeZone` (the browser's: SPEC's ranges are the user's days).
 */
export function useReviewSummary(productId: number, range: DayRange, timeZone?: string) {
  return useQuery({
    queryKey: ['reviews', 'summary', productId, range.from, range.to, timeZone],
    queryFn: () => {
      const params = new URLSearchParams({ from: range.from, to: range.to });
      if (timeZone) params.set('tz', timeZone);
      return apiRequest(
        'GET',
        `/api/uni/products/reviews/${productId}/summary?${params}`,
        reviewSummarySchema,
      );
    },
    placeholderData: keepPreviousData,
  });
}
