import {
  lsaCategoryInfoSchema,
  lsaCategoryListSchema,
  type VerticalInput,
  verticalListSchema,
  verticalSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/vertical/admin/list`: by name, searchable, 50 a page. */
export function useVerticals(q: string, page: number) {
  return useQuery({
    queryKey: ['verticals', q, page],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      return apiRequest('GET', `/api/vertical/admin/list?${params}`, verticalListSchema);
    },
    placeholderData: keepPreviousData,
  });
}

/** Create (`POST /create`) or update (`PUT /update/{id}`); the list is read again after. */
export function useSaveVertical() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: VerticalInput }) =>
      id === null
        ? apiRequest('POST', '/api/vertical/admin/create', verticalSchema, input)
        : apiRequest('PUT', `/api/vertical/admin/update/${id}`, verticalSchema, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['verticals'] }),
  });
}

/** `GET /api/vertical/admin/pull/list`: the LSA category catalogue. */
export function useLsaCategories() {
  return useQuery({
    queryKey: ['lsa-categories'],
    queryFn: () => apiRequest('GET', '/api/vertical/admin/pull/list', lsaCategoryListSchema),
    staleTime: 60 * 60 * 1000,
  });
}

/** `POST /api/vertical/admin/pull/info`: one category's details (a read, sent as POST per SPEC). */
export function useLsaCategoryInfo(categoryId: string | null) {
  return useQuery({
    queryKey: ['lsa-category', categoryId],
    queryFn: () =>
      apiRequest('POST', '/api/vertical/admin/pull/info', lsaCategoryInfoSchema, {
        categoryId,
      }),
    enabled: categoryId !== null,
  });
}
