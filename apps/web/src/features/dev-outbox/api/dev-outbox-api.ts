import { devOutboxListSchema, devOutboxMessageSchema } from '@pinpoint/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface DevOutboxFilter {
  channel: '' | 'email' | 'sms';
  purpose: string;
  q: string;
  page: number;
}

export const DEV_OUTBOX_PAGE_SIZE = 25;

function listUrl(filter: DevOutboxFilter): string {
  const params = new URLSearchParams({
    page: String(filter.page),
    pageSize: String(DEV_OUTBOX_PAGE_SIZE),
  });
  if (filter.channel) params.set('channel', filter.channel);
  if (filter.purpose) params.set('purpose', filter.purpose);
  if (filter.q) params.set('q', filter.q);
  return `/api/uni/system/outbox?${params}`;
}

/** The messages kept instead of sent, newest first (staff). Never cached locally. */
export function useDevOutbox(filter: DevOutboxFilter) {
  return useQuery({
    queryKey: ['dev-outbox', filter],
    queryFn: () => apiRequest('GET', listUrl(filter), devOutboxListSchema),
    placeholderData: keepPreviousData,
  });
}

/** One message with both parts. It may hold a live link: kept in memory only, briefly. */
export function useDevOutboxMessage(id: number | null) {
  return useQuery({
    queryKey: ['dev-outbox', 'message', id],
    queryFn: () => apiRequest('GET', `/api/uni/system/outbox/${id}`, devOutboxMessageSchema),
    enabled: id !== null,
    gcTime: 0,
  });
}
