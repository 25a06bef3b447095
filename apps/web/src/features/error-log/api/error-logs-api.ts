import { errorLogListSchema, errorLogSchema } from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ErrorLogFilter {
  q: string;
  resolved: '' | 'true' | 'false';
  page: number;
}

export const PAGE_SIZE = 20;

function listUrl(filter: ErrorLogFilter): string {
  const params = new URLSearchParams({ page: String(filter.page), pageSize: String(PAGE_SIZE) });
  if (filter.q) params.set('q', filter.q);
  if (filter.resolved) params.set('resolved', filter.resolved);
  return `/api/status/finderror/all?${params}`;
}

/** SPEC §7 `/api/status/finderror/all`: the error logs, newest first. */
export function useErrorLogs(filter: ErrorLogFilter) {
  return useQuery({
    queryKey: ['error-logs', filter],
    queryFn: () => apiRequest('GET', listUrl(filter), errorLogListSchema),
    placeholderData: keepPreviousData,
  });
}

/** SPEC §7 `/api/status/updateid/{id}`: resolve or reopen one log, then refresh the list. */
export function useResolveErrorLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, resolved }: { id: number; resolved: boolean }) =>
      apiRequest('PUT', `/api/status/updateid/${id}`, errorLogSchema, { resolved }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['error-logs'] }),
  });
}
