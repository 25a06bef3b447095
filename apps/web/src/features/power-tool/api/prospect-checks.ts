import { salesContainerSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { containerPath, salesKeys } from './sales-keys';

/**
 * The listings scan and the page speed measure of a prospect: the answer is the container
 * with what they found; the workspace re-reads its data, which holds the same container.
 */
function useContainerAction(containerId: number, suffix: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', containerPath(containerId, suffix), salesContainerSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.data(containerId) }),
  });
}

/** `POST /api/sales/containers/{id}/listings`. */
export const useScanListings = (containerId: number) =>
  useContainerAction(containerId, '/listings');

/** `POST /api/sales/containers/{id}/page-speed` (refused, with a message, without a website). */
export const useMeasurePageSpeed = (containerId: number) =>
  useContainerAction(containerId, '/page-speed');
