import {
  type SalesContainerCreate,
  type SalesContainerListQuery,
  type SalesContainerUpdate,
  salesContainerListSchema,
  salesContainerSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { containerPath, salesKeys } from './sales-keys';

/** `GET /api/sales/containers?q=&stage=&owner=&page=`: one page of workspaces. */
export function useContainerList(query: SalesContainerListQuery) {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.stage) params.set('stage', query.stage);
  if (query.owner) params.set('owner', query.owner);
  if (query.page !== undefined && Number(query.page) > 1) params.set('page', String(query.page));
  return useQuery({
    queryKey: [...salesKeys.lists(), query],
    queryFn: () => apiRequest('GET', `/api/sales/containers?${params}`, salesContainerListSchema),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/sales/containers`: a workspace for the business picked from the places search. */
export function useCreateContainer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SalesContainerCreate) =>
      apiRequest('POST', '/api/sales/containers', salesContainerSchema, { ...input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.lists() }),
  });
}

/** `PATCH /api/sales/containers/{id}`: stage, name, keywords, grid settings or notes. */
export function useUpdateContainer(containerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SalesContainerUpdate) =>
      apiRequest('PATCH', containerPath(containerId), salesContainerSchema, { ...change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.all }),
  });
}

/** `DELETE /api/sales/containers/{id}`: the answer's body is not needed. */
export function useDeleteContainer(containerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', containerPath(containerId), z.unknown()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.lists() }),
  });
}
