import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useRealtimeEvent } from '../../lib/use-realtime';
import { useScan } from './get-scan';

/** At most one refetch of the scan per this many ms, however fast progress events arrive. */
const REFETCH_THROTTLE_MS = 1_000;

/**
 * A scan as it runs: the `rank-scan.progress` events move the bar at once and (throttled)
 * refetch the points so pins appear as they are measured; `useScan`'s polling covers missed
 * events. The count never goes backwards, whichever source is ahead.
 */
export function useLiveScan(scanId: number | null) {
  const scan = useScan(scanId);
  const queryClient = useQueryClient();
  // Keyed by scan, so a newer scan never shows an older one's count.
  const [latest, setEvented] = useState<{ scanId: number; done: number; total: number } | null>(
    null,
  );
  const evented = latest?.scanId === scanId ? latest : null;
  const lastFetch = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (pending.current) clearTimeout(pending.current);
    },
    [],
  );

  const refetch = () => {
    if (scanId === null) return;
    const wait = lastFetch.current + REFETCH_THROTTLE_MS - Date.now();
    if (pending.current) return;
    pending.current = setTimeout(
      () => {
        pending.current = null;
        lastFetch.current = Date.now();
        void queryClient.invalidateQueries({ queryKey: ['rank-scan', scanId] });
      },
      Math.max(0, wait),
    );
  };

  useRealtimeEvent('rank-scan.progress', (event) => {
    if (event.scanId !== scanId) return;
    setEvented((current) =>
      current?.scanId === event.scanId && current.done >= event.done
        ? current
        : { scanId: event.scanId, done: event.done, total: event.total },
    );
    refetch();
  });
  useRealtimeEvent('rank-scan.done', (event) => {
    if (event.scanId !== scanId) return;
    void queryClient.invalidateQueries({ queryKey: ['rank-scan', scanId] });
    void queryClient.invalidateQueries({ queryKey: ['rank-scan-report', scanId] });
  });

  const data = scan.data;
  const finished = data !== undefined && (data.status === 'done' || data.status === 'failed');
  const total = data?.pointsTotal ?? evented?.total ?? 0;
  const done = finished ? total : Math.max(data?.pointsDone ?? 0, evented?.done ?? 0);
  return { scan, done, total, finished };
}
