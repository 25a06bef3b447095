import { salesReportSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/public/prospect-report?token=…`: what a shared prospect report link opens, with
 * no sign-in. The token stays in memory (the address bar and the query cache), never in
 * storage. A refused link is final, so it is not retried.
 */
export function useProspectReport(token: string | null) {
  return useQuery({
    queryKey: ['prospect-report', token],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/public/prospect-report?${new URLSearchParams({ token: token ?? '' })}`,
        salesReportSchema,
      ),
    enabled: Boolean(token),
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}
