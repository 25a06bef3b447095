import { reviewWriteResultSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './review-scope';

export interface ReplyInput {
  productId: number;
  reviewId: number;
  text: string;
  /** One per compose session: a double submit or a retried request makes one write. */
  idempotencyKey: string;
}

/**
 * `POST …/reviews/{productId}/{reviewId}/reply`: queues the reply in the outbox. The answer
 * is the write with its status (pending, or awaiting_approval when staff write for a
 * company that approves replies); lists and the detail refetch to show it.
 */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, reviewId, text, idempotencyKey }: ReplyInput) =>
      apiRequest(
        'POST',
        `/api/uni/products/reviews/${productId}/${reviewId}/reply`,
        reviewWriteResultSchema,
        { text, idempotencyKey },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
