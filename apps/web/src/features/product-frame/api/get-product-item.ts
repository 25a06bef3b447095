import { productPageSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const productItemQuery = (productId: number) => ({
  queryKey: ['product-item', productId] as const,
  queryFn: () => apiRequest('GET', `/api/uni/products/item/${productId}`, productPageSchema),
});

/**
 * `GET /api/uni/products/item/{productId}`: one product instance with its company, for the
 * frame's name, status and company.
 */
export function useProductItem(productId: number) {
  return useQuery(productItemQuery(productId));
}
