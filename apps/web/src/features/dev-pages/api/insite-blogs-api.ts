import {
  type InsiteBlogState,
  type InsiteBlogTransition,
  insiteBlogDetailSchema,
  insiteBlogListSchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface BlogFilter {
  state: InsiteBlogState | '';
  companyId: number | null;
  page: number;
}

export const BLOG_PAGE_SIZE = 20;

/** `GET /api/uni/dev/insite-blogs`: the posts, counts per state and the companies to filter by. */
export function useInsiteBlogs(filter: BlogFilter) {
  const params = new URLSearchParams({
    page: String(filter.page),
    pageSize: String(BLOG_PAGE_SIZE),
  });
  if (filter.state) params.set('state', filter.state);
  if (filter.companyId) params.set('companyId', String(filter.companyId));
  return useQuery({
    queryKey: ['insite-blogs', filter],
    queryFn: () => apiRequest('GET', `/api/uni/dev/insite-blogs?${params}`, insiteBlogListSchema),
    placeholderData: keepPreviousData,
  });
}

export function useInsiteBlog(id: number | null) {
  return useQuery({
    queryKey: ['insite-blogs', 'post', id],
    queryFn: () => apiRequest('GET', `/api/uni/dev/insite-blogs/${id}`, insiteBlogDetailSchema),
    enabled: id !== null,
  });
}

/** Moves a post; a 409 means someone moved it first, and the lists are reread either way. */
export function useMoveInsiteBlog(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: InsiteBlogTransition) =>
      apiRequest('POST', `/api/uni/dev/insite-blogs/${id}/state`, insiteBlogDetailSchema, move),
    onSettled: () => client.invalidateQueries({ queryKey: ['insite-blogs'] }),
  });
}
