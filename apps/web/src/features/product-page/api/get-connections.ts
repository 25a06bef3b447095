import { vendorConnectionListSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/uni/client/{companyId}/connections`: the company's vendor connections. */
export function useCompanyConnections(companyId: number, enabled = true) {
  return useQuery({
    queryKey: ['connections', companyId],
    queryFn: () =>
      apiRequest('GET', `/api/uni/client/${companyId}/connections`, vendorConnectionListSchema),
    enabled,
  });
}
