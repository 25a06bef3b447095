import { clientProductsResponseSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/**
 * `GET /api/uni/client/products/{companyId}`: the company's product instances with catalog
 * names (every status; callers filter). The query key carries the company, so a client
 * switch refetches.
 */
export function useClientProducts(companyId: number | null) {
  return useQuery({
    queryKey: ['client-products', companyId],
    queryFn: () =>
      apiRequest('GET', `/api/uni/client/products/${companyId}`, clientProductsResponseSchema),
    enabled: companyId !== null,
  });
}
