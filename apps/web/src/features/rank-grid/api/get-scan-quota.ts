import { scanQuotaSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/localrank/quota`: what is left today (a trial lead's own quota without a company). */
export function useScanQuota(companyId: number | null) {
  const query = companyId === null ? '' : `?companyId=${companyId}`;
  return useQuery({
    queryKey: ['rank-scan-quota', companyId],
    queryFn: () => apiRequest('GET', `/api/localrank/quota${query}`, scanQuotaSchema),
  });
}
