import { bulkBatchSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bulkKey, bulkPath } from './bulk-scope';

/** `DELETE …/bulk/{batchId}`: cancels a draft upload (its rows are deleted). */
export function useCancelBatch(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: number) =>
      apiRequest('DELETE', `${bulkPath(productId)}/${batchId}`, bulkBatchSchema),
    onSuccess: (batch) =>
      queryClient.removeQueries({ queryKey: [...bulkKey(productId), batch.id] }),
  });
}
