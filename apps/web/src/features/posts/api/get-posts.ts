import { type PostState, type PostTopic, postListSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type PostScope, postKeys, scopePath } from './post-scope';

export interface PostFilters {
  states: PostState[];
  topic: PostTopic | '';
  q: string;
  page: number;
}

export const NO_POST_FILTERS: PostFilters = { states: [], topic: '', q: '', page: 1 };
export const POSTS_PAGE_SIZE = 20;

export function postListQuery(filters: PostFilters): string {
  const query = new URLSearchParams({
    page: String(filters.page),
    pageSize: String(POSTS_PAGE_SIZE),
  });
  if (filters.states.length) query.set('state', filters.states.join(','));
  if (filters.topic) query.set('topic', filters.topic);
  if (filters.q.trim()) query.set('q', filters.q.trim());
  return query.toString();
}

/**
 * `GET /api/uni/products/socialposts/{productId}` (or `/facebook/…`, `/company/…`): one page
 * of posts. While one of them is on its way out, the page asks again every few seconds as
 * well as on realtime news, so "Publishing…" never stays stale.
 */
export function usePosts(scope: PostScope, filters: PostFilters) {
  const query = postListQuery(filters);
  return useQuery({
    queryKey: postKeys.list(scope, query),
    queryFn: () => apiRequest('GET', `${scopePath(scope)}?${query}`, postListSchema),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((p) => p.state === 'publishing') ? 5_000 : false,
  });
}
