import { productPageSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';

/**
 * `GET /api/uni/products/item/{productId}`: the product, its company and its connection.
 * Keyed as the sub-pages' frame keys it, so moving between them reads it once. A refusal
 * (403) or an unknown product (404) is final, so it is not retried.
 */
export function useProductPage(productId: number) {
  return useQuery({
    queryKey: ['product-item', productId],
    queryFn: () => apiRequest('GET', `/api/uni/products/item/${productId}`, productPageSchema),
    retry: (failures, error) =>
      !(error instanceof ApiError && [403, 404].includes(error.status)) && failures < 1,
  });
}
