import { useLoaderData, useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ReviewDetail } from '../../../features/reviews/components/review-detail';

/**
 * /dashboard/products/{product_name}/reviews/{product_id}/{review_id}: one review, its reply
 * and the history of reply writes. The loader decoded both ids and checked the product.
 */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const params = useParams();
  const slug = params.product_name ?? '';
  const productId = ids.product_id ?? 0;
  const reviewId = ids.review_id ?? 0;
  // Opened from a reviews list, "back" returns to it as it was (filters, page); opened
  // directly, it goes to the product's reviews.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const backHref =
    typeof from === 'string' && from.startsWith('/dashboard/')
      ? from
      : paths.dashboard.productSubPage.href(slug, params.product_id ?? '', 'reviews');
  return (
    <ReviewDetail
      key={`${productId}:${reviewId}`}
      productId={productId}
      reviewId={reviewId}
      slug={slug}
      backHref={backHref}
    />
  );
}

export { Component };
