import { useLoaderData, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PostDetail } from '../../../features/posts/components/post-detail';

/**
 * /dashboard/products/{product_name}/posts/{product_id}/{post_id} (SPEC §2 names the
 * local-marketing-essentials one): one post. The loader decoded both ids and the product.
 */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const params = useParams();
  const slug = params.product_name ?? '';
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const backHref =
    typeof from === 'string' && from.startsWith('/dashboard/')
      ? from
      : paths.dashboard.productSubPage.href(slug, params.product_id ?? '', 'posts');
  return (
    <PostDetail
      key={`${ids.product_id}:${ids.post_id}`}
      productId={ids.product_id ?? 0}
      postId={ids.post_id ?? 0}
      source={slug === 'facebook-pro' ? 'facebook' : 'google'}
      backHref={backHref}
    />
  );
}

export { Component };
