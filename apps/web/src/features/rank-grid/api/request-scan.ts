import { type ScanRequestInput, scanRequestResponseSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/localrank/request`: starts a scan; the quota shown before it is then stale. */
export function useRequestScan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ScanRequestInput) =>
      apiRequest(
        'POST',
        '/api/localrank/request',
        scanRequestResponseSchema,
        request as unknown as Record<string, unknown>,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['rank-scan-quota'] }),
  });
}
