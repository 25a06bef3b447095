import {
  batchForecastSchema,
  batchListSchema,
  batchStartResponseSchema,
  type GridBatch,
  gridBatchSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Which clients a batch runs: the chosen ids, or every active client with active configs. */
export type BatchScope = { all: true } | { all: false; companyIds: number[] };

function scopeQuery(scope: BatchScope): string {
  return scope.all ? '' : `?companyIds=${scope.companyIds.join(',')}`;
}

/** `GET /api/liverank/batch/forecast`: scans, points, cost and problems; stores nothing. */
export function useBatchForecast(scope: BatchScope | null) {
  return useQuery({
    queryKey: ['batch-forecast', scope],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/liverank/batch/forecast${scope ? scopeQuery(scope) : ''}`,
        batchForecastSchema,
      ),
    enabled: scope !== null,
    // A forecast is a snapshot of the configs; it is asked again whenever the choice changes.
    staleTime: 0,
  });
}

/** `POST /api/liverank/batch`: starts it; the recent batches list is refreshed. */
export function useStartBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: BatchScope) =>
      apiRequest(
        'POST',
        '/api/liverank/batch',
        batchStartResponseSchema,
        scope.all ? {} : { companyIds: scope.companyIds },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['batches'] }),
  });
}

export const batchKey = (id: number) => ['batch', id] as const;

/**
 * `GET /api/liverank/batch/:id`. While it runs, it is polled every few seconds as a fallback
 * for a lost socket; `grid-batch.progress` events refetch it at once.
 */
export function useBatch(id: number | null) {
  return useQuery({
    queryKey: batchKey(id ?? 0),
    queryFn: () => apiRequest('GET', `/api/liverank/batch/${id}`, gridBatchSchema),
    enabled: id !== null,
    refetchInterval: (query) =>
      (query.state.data as GridBatch | undefined)?.status === 'running' ? 3000 : false,
  });
}

/** `GET /api/liverank/batches?page=`: newest first, 20 a page. */
export function useBatches(page: number) {
  return useQuery({
    queryKey: ['batches', page],
    queryFn: () => apiRequest('GET', `/api/liverank/batches?page=${page}`, batchListSchema),
    placeholderData: keepPreviousData,
  });
}
