import { createdGridsSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

export const CREATED_GRIDS_PAGE_SIZE = 20;

/**
 * `GET /api/sales/created`: one page (from 1) of the grids this employee ran on prospects.
 * A running grid's progress and its end refresh the list.
 */
export function useCreatedGrids(page: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ['custom-rank', 'created'] });
  useRealtimeEvent('rank-scan.done', refresh);
  return useQuery({
    queryKey: ['custom-rank', 'created', page],
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/sales/created?${new URLSearchParams({
          limit: String(CREATED_GRIDS_PAGE_SIZE),
          offset: String((page - 1) * CREATED_GRIDS_PAGE_SIZE),
        })}`,
        createdGridsSchema,
      ),
    placeholderData: keepPreviousData,
  });
}
