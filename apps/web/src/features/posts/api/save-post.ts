import { type PostInput, type PostSource, postSchema } from '@pinpoint/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postKeys, productPostsPath } from './post-scope';

export interface SavePostArgs {
  productId: number;
  source: PostSource;
  /** Set when editing. */
  postId?: number;
  input: PostInput;
}

/**
 * `POST …/socialposts/{productId}` (create) or `PUT …/{postId}` (edit): a draft is saved;
 * "publish" and "schedule" queue the post in the outbox (or, for staff writing for a company
 * that approves posts, in its approvals). Lists and details refetch.
 */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, source, postId, input }: SavePostArgs) =>
      postId
        ? apiRequest('PUT', `${productPostsPath(productId, source)}/${postId}`, postSchema, input)
        : apiRequest('POST', productPostsPath(productId, source), postSchema, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
