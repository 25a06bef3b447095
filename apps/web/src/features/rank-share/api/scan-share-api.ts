import { type ScanLinkDays, scanShareLinkSchema, sharedScanSchema } from '@pinpoint/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** `POST /api/localrank/share/{id}`: a read-only link to one scan that expires after `days`. */
export function useCreateScanShareLink() {
  return useMutation({
    mutationFn: ({ scanId, days }: { scanId: number; days: ScanLinkDays }) =>
      apiRequest('POST', `/api/localrank/share/${scanId}`, scanShareLinkSchema, { days }),
  });
}

/**
 * `GET /api/public/scan?token=…`: what a shared scan link opens. The token stays in memory
 * (the address bar and the query cache), never in storage. A refused link is final, so it
 * is not retried.
 */
export function useSharedScan(token: string | null) {
  return useQuery({
    queryKey: ['shared-scan', token],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/public/scan?${new URLSearchParams({ token: token ?? '' })}`,
        sharedScanSchema,
      ),
    enabled: Boolean(token),
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}
