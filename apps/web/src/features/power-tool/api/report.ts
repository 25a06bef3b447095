import {
  type SalesReportLinkDays,
  salesConvertResponseSchema,
  salesReportLinkSchema,
} from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { containerPath, salesKeys } from './sales-keys';

/** `POST /api/sales/containers/{id}/report-link`: the signed public report and its PDF. */
export function useCreateReportLink(containerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: SalesReportLinkDays) =>
      apiRequest('POST', containerPath(containerId, '/report-link'), salesReportLinkSchema, {
        days,
      }),
    // Sharing moves the workspace to the "Report shared" stage.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.all }),
  });
}

/** `POST /api/sales/containers/{id}/convert`: the prospect becomes a client. */
export function useConvertProspect(containerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('POST', containerPath(containerId, '/convert'), salesConvertResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.all }),
  });
}
