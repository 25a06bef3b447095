import { type BulkConfirm, bulkBatchSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { solicitationKey } from '../../../lib/solicitation-api';
import { bulkKey, bulkPath } from './bulk-scope';

/**
 * `POST …/bulk/{batchId}/confirm`: the one step that sends. The server accepts it once; the
 * request history (the page's other panels) is refreshed.
 */
export function useConfirmBatch(productId: number, batchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkConfirm) =>
      apiRequest('POST', `${bulkPath(productId)}/${batchId}/confirm`, bulkBatchSchema, {
        ...input,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...bulkKey(productId), batchId] });
      // The page's request list and totals.
      void queryClient.invalidateQueries({ queryKey: solicitationKey(productId) });
    },
  });
}
