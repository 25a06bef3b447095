import { type DayRange, reviewSummarySchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/time-zone';
import { summaryQuery } from '../review-filters';
import { type ReviewScope, reviewKeys, scopePath } from './review-scope';

export function reviewSummaryQueryOptions(scope: ReviewScope, range: DayRange) {
  const query = summaryQuery(range, browserTimeZone()).toString();
  return {
    queryKey: reviewKeys.summary(scope, query),
    queryFn: () => apiRequest('GET', `${scopePath(scope)}/summary?${query}`, reviewSummarySchema),
  };
}

/**
 * `GET …/reviews/{productId}/summary` (or `…/company/{companyId}/summary`): the period's
 * figures. The page asks for the period only, not the list's star or reply filters, so the
 * cards and the distribution always describe the whole period.
 */
export function useReviewSummary(scope: ReviewScope, range: DayRange) {
  return useQuery({
    ...reviewSummaryQueryOptions(scope, range),
    placeholderData: keepPreviousData,
  });
}
