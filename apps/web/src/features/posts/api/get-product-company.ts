import { productPageSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The company a product belongs to (uploads are stored for it), from the same query the
 * product frame has already made (`GET /api/uni/products/item/{productId}`, same key).
 */
export function useProductCompany(productId: number): number | null {
  const item = useQuery({
    queryKey: ['product-item', productId] as const,
    queryFn: () => apiRequest('GET', `/api/uni/products/item/${productId}`, productPageSchema),
  });
  return item.data?.company.id ?? null;
}
