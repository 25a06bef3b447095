import {
  type SalesBatchRequest,
  type SalesData,
  type SalesGrid,
  salesBatchResponseSchema,
} from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { salesKeys } from './sales-keys';

/**
 * `POST /api/sales/batch`: with `forecastOnly` the cost of a grid per keyword (nothing runs),
 * without it the grids start. Field problems come back as `body.keywords.0`, `body.grid.size`…
 */
export function useSalesBatch(containerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<SalesBatchRequest, 'containerId'>) =>
      apiRequest('POST', '/api/sales/batch', salesBatchResponseSchema, {
        ...request,
        containerId,
      }),
    onSuccess: (answer) => {
      if (!answer.run) return;
      // The new grids show at once (their progress events start right away), before the
      // workspace's data is read again.
      const started = answer.run.grids;
      queryClient.setQueryData<SalesData>(salesKeys.data(containerId), (old) =>
        old ? { ...old, grids: withStarted(old.grids, started) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: salesKeys.data(containerId) });
      void queryClient.invalidateQueries({ queryKey: salesKeys.history(containerId) });
      void queryClient.invalidateQueries({ queryKey: salesKeys.lists() });
    },
  });
}

/** The latest grid per keyword once `started` are: theirs replace the same keywords' grids. */
function withStarted(grids: SalesGrid[], started: SalesGrid[]): SalesGrid[] {
  const replaced = new Set(started.map((g) => g.keyword.toLowerCase()));
  return [...grids.filter((g) => !replaced.has(g.keyword.toLowerCase())), ...started];
}
