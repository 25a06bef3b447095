import { type BulkMappingInput, bulkBatchSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bulkKey, bulkPath } from './bulk-scope';

/** `PUT …/bulk/{batchId}/mapping`: the columns and the send type; every row is checked. */
export function useMapBatch(productId: number, batchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkMappingInput) =>
      apiRequest('PUT', `${bulkPath(productId)}/${batchId}/mapping`, bulkBatchSchema, {
        ...input,
      }),
    onSuccess: async (batch) => {
      await queryClient.invalidateQueries({ queryKey: [...bulkKey(productId), batchId] });
      queryClient.setQueryData([...bulkKey(productId), batchId, 1, null], batch);
    },
  });
}
