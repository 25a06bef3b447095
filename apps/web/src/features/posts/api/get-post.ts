import { type PostSource, postDetailSchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postKeys, productPostsPath } from './post-scope';

/** `GET …/socialposts/{productId}/{postId}`: one post with the history of its writes. */
export function usePost(productId: number, postId: number, source: PostSource) {
  return useQuery({
    queryKey: postKeys.detail(productId, postId),
    queryFn: () =>
      apiRequest('GET', `${productPostsPath(productId, source)}/${postId}`, postDetailSchema),
    refetchInterval: (q) => (q.state.data?.post.state === 'publishing' ? 5_000 : false),
  });
}
