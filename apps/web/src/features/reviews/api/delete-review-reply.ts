import { reviewWriteResultSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reviewKeys } from './review-scope';

export interface DeleteReplyInput {
  productId: number;
  reviewId: number;
  idempotencyKey: string;
}

/** `POST …/reviews/{productId}/{reviewId}/delete-reply`: queues the reply's removal. */
export function useDeleteReviewReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, reviewId, idempotencyKey }: DeleteReplyInput) =>
      apiRequest(
        'POST',
        `/api/uni/products/reviews/${productId}/${reviewId}/delete-reply`,
        reviewWriteResultSchema,
        { idempotencyKey },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
