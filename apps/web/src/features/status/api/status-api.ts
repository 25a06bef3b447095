import { statusPageSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The page follows the live state without a reload; the server caches for 15 s anyway. */
export const STATUS_REFRESH_MS = 30_000;

/** `GET /api/system/status`: public, the same answer whether signed in or not. */
export function useStatusPage() {
  return useQuery({
    queryKey: ['system-status'],
    queryFn: () => apiRequest('GET', '/api/system/status', statusPageSchema),
    refetchInterval: STATUS_REFRESH_MS,
  });
}
