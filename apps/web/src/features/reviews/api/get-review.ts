import { reviewDetailSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './review-scope';
import { whileSending } from './while-sending';

export function reviewQueryOptions(productId: number, reviewId: number) {
  return {
    queryKey: reviewKeys.detail(productId, reviewId),
    queryFn: () =>
      apiRequest('GET', `/api/uni/products/reviews/${productId}/${reviewId}`, reviewDetailSchema),
  };
}

/** `GET /api/uni/products/reviews/{productId}/{reviewId}`: a review, its writes, approval. */
export function useReview(productId: number, reviewId: number) {
  return useQuery({
    ...reviewQueryOptions(productId, reviewId),
    refetchInterval: (query) => whileSending(query.state.data ? [query.state.data.review] : []),
  });
}
