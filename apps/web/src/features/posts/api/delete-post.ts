import { type PostSource, postSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postKeys, productPostsPath } from './post-scope';

/**
 * `POST …/socialposts/{productId}/{postId}/delete`: a draft goes at once; a scheduled one is
 * withdrawn; a published one is removed from the vendor through the outbox.
 */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { productId: number; source: PostSource; postId: number; key: string }) =>
      apiRequest(
        'POST',
        `${productPostsPath(args.productId, args.source)}/${args.postId}/delete`,
        postSchema,
        { idempotencyKey: args.key },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
