import { type Scan, scanSchema } from '@pinpoint/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Polled while a scan runs: events can be missed, so this is the fallback. */
export const SCAN_POLL_MS = 3_000;

export const scanQueryOptions = (scanId: number) =>
  queryOptions({
    queryKey: ['rank-scan', scanId],
    queryFn: () => apiRequest('GET', `/api/localrank/find/grid/${scanId}`, scanSchema),
  });

const running = (scan: Scan | undefined) =>
  scan !== undefined && (scan.status === 'queued' || scan.status === 'running');

/** `GET /api/localrank/find/grid/:id`: the scan with its points, re-read while it runs. */
export function useScan(scanId: number | null) {
  return useQuery({
    ...scanQueryOptions(scanId ?? 0),
    enabled: scanId !== null,
    refetchInterval: (query) => (running(query.state.data) ? SCAN_POLL_MS : false),
  });
}
