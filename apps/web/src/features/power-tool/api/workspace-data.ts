import { salesDataSchema, salesHistorySchema } from '@pinpoint/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { salesKeys } from './sales-keys';

/** A workspace that is not there (or not the caller's) stays so: 4xx answers are not retried. */
const retryServerErrors = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1;

/**
 * `GET /api/sales/data/{id}`: the container, the latest grid per keyword, competitors and
 * recommendations. A grid of this prospect that finishes refreshes it (competitors and
 * metrics come from finished grids); per-point progress is each grid card's own business.
 */
export function useSalesData(containerId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: salesKeys.data(containerId),
    queryFn: () => apiRequest('GET', `/api/sales/data/${containerId}`, salesDataSchema),
    retry: retryServerErrors,
  });
  // The handler is always the latest render's, so it sees the company once it is loaded.
  useRealtimeEvent('rank-scan.done', (event) => {
    if (event.companyId !== query.data?.container.companyId) return;
    void queryClient.invalidateQueries({ queryKey: salesKeys.data(containerId) });
    void queryClient.invalidateQueries({ queryKey: salesKeys.history(containerId) });
  });
  return query;
}

/** `GET /api/sales/history/{id}`: every batch run on the prospect, newest first. */
export function useSalesHistory(containerId: number) {
  return useQuery({
    queryKey: salesKeys.history(containerId),
    queryFn: () => apiRequest('GET', `/api/sales/history/${containerId}`, salesHistorySchema),
    retry: retryServerErrors,
  });
}
