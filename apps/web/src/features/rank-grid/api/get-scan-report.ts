import { scanReportSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/localrank/report/:id`: top competitors, quadrants and the change since last time. */
export function useScanReport(scanId: number, enabled = true) {
  return useQuery({
    queryKey: ['rank-scan-report', scanId],
    queryFn: () => apiRequest('GET', `/api/localrank/report/${scanId}`, scanReportSchema),
    enabled,
  });
}
