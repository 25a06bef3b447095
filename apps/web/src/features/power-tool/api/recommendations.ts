import {
  type SalesRecommendationUpdate,
  salesRecommendationListSchema,
  salesRecommendationSchema,
} from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { containerPath, salesKeys } from './sales-keys';

/** `POST /api/sales/containers/{id}/recommendations/draft`: ranked actions from the measures. */
export function useDraftRecommendations(containerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(
        'POST',
        containerPath(containerId, '/recommendations/draft'),
        salesRecommendationListSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.data(containerId) }),
  });
}

/** `PATCH /api/sales/recommendations/{id}`: title, body or rank (field errors by name). */
export function useUpdateRecommendation(containerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: SalesRecommendationUpdate }) =>
      apiRequest('PATCH', `/api/sales/recommendations/${id}`, salesRecommendationSchema, {
        ...change,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.data(containerId) }),
  });
}

/** `DELETE /api/sales/recommendations/{id}`. */
export function useDeleteRecommendation(containerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest('DELETE', `/api/sales/recommendations/${id}`, z.unknown()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesKeys.data(containerId) }),
  });
}
