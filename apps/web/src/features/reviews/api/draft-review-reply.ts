import { reviewDraftSchema } from '@pinpoint/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST …/reviews/{productId}/{reviewId}/draft`: an AI suggestion for the reply box. Nothing
 * is sent and nothing is stored, so no cache changes (DECISIONS.md "AI drafts").
 */
export function useDraftReviewReply() {
  return useMutation({
    mutationFn: ({ productId, reviewId }: { productId: number; reviewId: number }) =>
      apiRequest(
        'POST',
        `/api/uni/products/reviews/${productId}/${reviewId}/draft`,
        reviewDraftSchema,
        {},
      ),
  });
}
