import { gridClientListSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/admin/grid-clients`: active clients with their active grid configs, 25 a page. */
export function useGridClients(q: string, page: number) {
  return useQuery({
    queryKey: ['admin-grid-clients', q, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      return apiRequest('GET', `/api/admin/grid-clients?${params}`, gridClientListSchema);
    },
    placeholderData: keepPreviousData,
  });
}
