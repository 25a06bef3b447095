import { type SignInReport, signInReportListSchema } from '@pinpoint/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

const LIMIT = 100;
const KEY = ['sign-ins'] as const;

/**
 * The latest sign-in attempts, kept current by the socket: each `sign-in` event is put at
 * the top of the cached list. After a reconnect the list is refetched (missed events).
 */
export function useLiveSignIns() {
  const queryClient = useQueryClient();
  useRealtimeEvent('sign-in', (event) => {
    queryClient.setQueryData<{ items: SignInReport[] }>(KEY, (current) => {
      const items = current?.items.filter((item) => item.id !== event.id) ?? [];
      return { items: [event, ...items].slice(0, LIMIT) };
    });
  });
  return useQuery({
    queryKey: KEY,
    queryFn: () =>
      apiRequest('GET', `/api/reports/sign-ins?limit=${LIMIT}`, signInReportListSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
