import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { postKeys } from '../api/post-scope';

/**
 * Keeps posts pages current: a post's state change (scheduled → publishing → published, a
 * failure, an approval) and a finished sync refetch what is on screen.
 */
export function usePostEvents(companyId: number | null) {
  const queryClient = useQueryClient();
  useRealtimeEvent('post.changed', (event) => {
    if (companyId !== null && event.companyId !== companyId) return;
    void queryClient.invalidateQueries({ queryKey: postKeys.all });
  });
  useRealtimeEvent('vendor-sync.progress', (event) => {
    if (event.state === 'running') return;
    void queryClient.invalidateQueries({ queryKey: postKeys.all });
  });
}
