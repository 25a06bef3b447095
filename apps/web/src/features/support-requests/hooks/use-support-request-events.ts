import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { SUPPORT_REQUESTS_KEY } from '../api/get-product-support-requests';

/**
 * Refetches the support request lists on screen when one is made, answered, closed or
 * reopened. The event is only a hint (the server sends it to those who may see the
 * company); the lists themselves come from the API.
 */
export function useSupportRequestEvents(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('support-request.changed', () => {
    void queryClient.invalidateQueries({ queryKey: [SUPPORT_REQUESTS_KEY] });
  });
}
