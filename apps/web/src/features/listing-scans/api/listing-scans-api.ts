import {
  type ListingFixInput,
  type ListingScanDataQuery,
  listingFixSchema,
  listingRescanResultSchema,
  listingScanDataSchema,
  listingScanSummarySchema,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

const base = '/api/uni/products/listings';
const keys = {
  all: ['listing-scan'] as const,
  summary: (productId: number) => ['listing-scan', productId, 'summary'] as const,
  data: (productId: number, query: ListingScanDataQuery) =>
    ['listing-scan', productId, 'data', query] as const,
};

/** `GET …/listings/{id}`: the latest scan's score and counts, and a scan under way. */
export function useListingScanSummary(productId: number) {
  return useQuery({
    queryKey: keys.summary(productId),
    queryFn: () => apiRequest('GET', `${base}/${productId}`, listingScanSummarySchema),
    // While a scan runs, look again now and then in case an event is missed.
    refetchInterval: (q) => (q.state.data?.running ? 5_000 : false),
  });
}

/** `GET …/listings/data/{id}`: the directory table (filtered, paged) and the score history. */
export function useListingScanData(productId: number, query: ListingScanDataQuery) {
  const params = new URLSearchParams({
    status: query.status,
    page: String(query.page),
    pageSize: String(query.pageSize),
    ...(query.q && { q: query.q }),
  });
  return useQuery({
    queryKey: keys.data(productId, query),
    queryFn: () => apiRequest('GET', `${base}/data/${productId}?${params}`, listingScanDataSchema),
    placeholderData: keepPreviousData,
  });
}

/** Refetches the page as a scan checks directories and as fixes move on (any tab). */
export function useListingScanEvents(productId: number) {
  const queryClient = useQueryClient();
  const refresh = (event: { productId: number }) => {
    if (event.productId !== productId) return;
    void queryClient.invalidateQueries({ queryKey: [...keys.all, productId] });
  };
  useRealtimeEvent('listing-scan.progress', refresh);
  useRealtimeEvent('listing-scan.fix', refresh);
}

/** "Rescan" (staff). */
export function useRescan(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('POST', `${base}/${productId}/rescan`, listingRescanResultSchema, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...keys.all, productId] }),
  });
}

/** "Fix" (staff): one directory's fields, through the outbox. */
export function useFixListing(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingFixInput) =>
      apiRequest('POST', `${base}/${productId}/fix`, listingFixSchema, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...keys.all, productId] }),
  });
}
