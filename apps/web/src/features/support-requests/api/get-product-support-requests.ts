import { supportRequestListSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every support request list sits under this key, so one event refreshes them all. */
export const SUPPORT_REQUESTS_KEY = 'support-requests';

/** `GET /api/uni/products/support/{productId}`: the product's requests, newest first. */
export function useProductSupportRequests(productId: number) {
  return useQuery({
    queryKey: [SUPPORT_REQUESTS_KEY, 'product', productId],
    queryFn: () =>
      apiRequest('GET', `/api/uni/products/support/${productId}`, supportRequestListSchema),
  });
}
