import { reviewListSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/time-zone';
import { listQuery, type ReviewFilters } from '../review-filters';
import { type ReviewScope, reviewKeys, scopePath } from './review-scope';
import { whileSending } from './while-sending';

export function reviewsQueryOptions(scope: ReviewScope, filters: ReviewFilters) {
  const query = listQuery(filters, browserTimeZone()).toString();
  return {
    queryKey: reviewKeys.list(scope, query),
    queryFn: () => apiRequest('GET', `${scopePath(scope)}?${query}`, reviewListSchema),
  };
}

/**
 * `GET /api/uni/products/reviews/{productId}` (or `…/company/{companyId}`): one page of
 * reviews. The previous page stays on screen while the next loads, so the list does not
 * jump as filters change.
 */
export function useReviews(scope: ReviewScope, filters: ReviewFilters) {
  return useQuery({
    ...reviewsQueryOptions(scope, filters),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => whileSending(query.state.data?.items ?? []),
  });
}
