import {
  type SyncProgressEvent,
  syncStartedSchema,
  type VendorConnectionInput,
  vendorConnectionListSchema,
  vendorConnectionSchema,
} from '@pinpoint/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

const key = (companyId: number) => ['connections', companyId] as const;

/** `GET /api/uni/client/{id}/connections` (staff also get accounts and syncs). */
export function useConnections(companyId: number) {
  return useQuery({
    queryKey: key(companyId),
    queryFn: () =>
      apiRequest('GET', `/api/uni/client/${companyId}/connections`, vendorConnectionListSchema),
  });
}

/** `POST …/connections` (new) or `PUT …/connections/{connectionId}` (edit); staff only. */
export function useSaveConnection(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: VendorConnectionInput }) =>
      id === null
        ? apiRequest(
            'POST',
            `/api/uni/client/${companyId}/connections`,
            vendorConnectionSchema,
            input,
          )
        : apiRequest(
            'PUT',
            `/api/uni/client/${companyId}/connections/${id}`,
            vendorConnectionSchema,
            input,
          ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(companyId) }),
  });
}

/** `POST …/connections/{connectionId}/sync`: queues the syncs; progress comes over realtime. */
export function useSyncNow(companyId: number) {
  return useMutation({
    mutationFn: (connectionId: number) =>
      apiRequest(
        'POST',
        `/api/uni/client/${companyId}/connections/${connectionId}/sync`,
        syncStartedSchema,
      ),
  });
}

/**
 * The latest `vendor-sync.progress` of each of the company's connections while the page is
 * open; a finished or failed sync refetches the list (its last sync time and status).
 */
export function useSyncProgress(companyId: number) {
  const queryClient = useQueryClient();
  // Per connection, per dataset: one account feeds several syncs (reviews, posts, media,
  // the listing, …), and each one's outcome is its own line.
  const [progress, setProgress] = useState<Record<number, Record<string, SyncProgressEvent>>>({});
  useRealtimeEvent('vendor-sync.progress', (event) => {
    if (event.companyId !== companyId) return;
    setProgress((before) => ({
      ...before,
      [event.connectionId]: { ...before[event.connectionId], [event.dataset]: event },
    }));
    if (event.state !== 'running') {
      void queryClient.invalidateQueries({ queryKey: key(companyId) });
    }
  });
  return progress;
}
