import { type BulkRowState, bulkBatchSchema } from '@pinpoint/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bulkKey, bulkPath } from './bulk-scope';

export type ProblemFilter = Exclude<BulkRowState, 'ok' | 'pending'> | null;

/** `GET …/bulk/{batchId}?page&state`: the upload, its counts and a page of problem rows. */
export function batchQuery(productId: number, batchId: number, page: number, state: ProblemFilter) {
  return queryOptions({
    queryKey: [...bulkKey(productId), batchId, page, state],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page) });
      if (state) params.set('state', state);
      return apiRequest('GET', `${bulkPath(productId)}/${batchId}?${params}`, bulkBatchSchema);
    },
    placeholderData: keepPreviousData,
  });
}

export function useBatch(productId: number, batchId: number, page: number, state: ProblemFilter) {
  return useQuery(batchQuery(productId, batchId, page, state));
}
