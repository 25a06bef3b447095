import { adSpecResponseSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const adSpecKey = (companyId: number) => ['ad-spec', companyId] as const;

/** `GET /api/uni/products/adspec/{companyId}`: the spec, whether the caller may edit, history. */
export function useAdSpec(companyId: number) {
  return useQuery({
    queryKey: adSpecKey(companyId),
    queryFn: () => apiRequest('GET', `/api/uni/products/adspec/${companyId}`, adSpecResponseSchema),
  });
}
