import type { RealtimeEventPayload, RealtimeEventType } from '@pinpoint/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { realtime } from './realtime';

/** Calls `handler` for every message of `type` while the component is mounted. */
export function useRealtimeEvent<T extends RealtimeEventType>(
  type: T,
  handler: (payload: RealtimeEventPayload<T>) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => realtime.on(type, (payload) => latest.current(payload)), [type]);
}

export function useRealtimeStatus() {
  return useSyncExternalStore(realtime.subscribeStatus, realtime.getStatus);
}

/**
 * Keeps the tab's connection open while the signed-in area is shown. After a reconnect,
 * every query is marked stale and the visible ones refetch, since missed events are gone.
 */
export function useRealtimeConnection(onSessionEnded: () => void): void {
  const queryClient = useQueryClient();
  const ended = useRef(onSessionEnded);
  ended.current = onSessionEnded;
  useEffect(() => {
    realtime.connect();
    const offReconnect = realtime.onReconnect(() => {
      void queryClient.invalidateQueries();
    });
    const offEnded = realtime.on('session.ended', () => ended.current());
    return () => {
      offReconnect();
      offEnded();
      void realtime.disconnect();
    };
  }, [queryClient]);
}
