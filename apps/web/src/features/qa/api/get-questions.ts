import { type QaFilter, qaListSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { qaKeys, qaPath } from './qa-keys';

export interface QaFilters {
  state: QaFilter;
  q: string;
  page: number;
}

export const NO_QA_FILTERS: QaFilters = { state: 'all', q: '', page: 1 };
export const QA_PAGE_SIZE = 20;

export function qaListQuery(filters: QaFilters): string {
  const query = new URLSearchParams({
    state: filters.state,
    page: String(filters.page),
    pageSize: String(QA_PAGE_SIZE),
  });
  if (filters.q.trim()) query.set('q', filters.q.trim());
  return query.toString();
}

/** `GET /api/uni/products/googleqa/{productId}`: one page of questions, unanswered first. */
export function useQuestions(productId: number, filters: QaFilters) {
  const query = qaListQuery(filters);
  return useQuery({
    queryKey: qaKeys.list(productId, query),
    queryFn: () => apiRequest('GET', `${qaPath(productId)}?${query}`, qaListSchema),
    placeholderData: keepPreviousData,
  });
}
