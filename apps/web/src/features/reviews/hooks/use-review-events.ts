import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { type ReviewScope, reviewKeys } from '../api/review-scope';

export interface NewReviews {
  count: number;
  lowRated: number;
}

/**
 * Keeps a reviews page current while it is open: new reviews from a sync refetch the list
 * and the summary and are counted for a small notice; a reply's outbox status change
 * refetches (the badge moves on to "Sent" or "Failed"); a finished sync refreshes the
 * "last synced" line. Events only reach the companies the user may see.
 */
export function useReviewEvents(scope: ReviewScope) {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<NewReviews>({ count: 0, lowRated: 0 });
  const refetch = useCallback(
    () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
    [queryClient],
  );

  useRealtimeEvent('review.created', (event) => {
    const ours =
      scope.kind === 'product'
        ? event.productIds.includes(scope.productId)
        : event.companyId === scope.companyId;
    if (!ours || event.count === 0) return;
    setFresh((seen) => ({
      count: seen.count + event.count,
      lowRated: seen.lowRated + event.lowRated,
    }));
    void refetch();
  });
  useRealtimeEvent('review.write', () => void refetch());
  useRealtimeEvent('vendor-sync.progress', (event) => {
    if (event.state === 'running') return;
    void queryClient.invalidateQueries({ queryKey: ['reviews', 'summary'] });
  });

  const dismiss = useCallback(() => setFresh({ count: 0, lowRated: 0 }), []);
  return { fresh, dismiss };
}
