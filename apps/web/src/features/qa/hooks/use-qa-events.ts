import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { qaKeys } from '../api/qa-keys';

/**
 * Keeps the Q&A page current: a question recorded, answered, confirmed live or deleted by
 * someone else (the client, or the agency) refetches what is on screen.
 */
export function useQaEvents(companyId: number | null) {
  const queryClient = useQueryClient();
  useRealtimeEvent('qa.changed', (event) => {
    if (companyId !== null && event.companyId !== companyId) return;
    void queryClient.invalidateQueries({ queryKey: qaKeys.all });
  });
}
