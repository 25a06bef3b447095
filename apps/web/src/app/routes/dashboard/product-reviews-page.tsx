import { useMemo } from 'react';
import { useLoaderData } from 'react-router';
import type { ReviewScope } from '../../../features/reviews/api/review-scope';
import { ReviewsDashboard } from '../../../features/reviews/components/reviews-dashboard';

/**
 * /dashboard/products/{slug}/{product_id}/reviews: one product's reviews, inside the
 * product frame (product-sub-layout). The loader decoded the product id.
 */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const productId = ids.product_id ?? 0;
  const scope = useMemo<ReviewScope>(() => ({ kind: 'product', productId }), [productId]);
  return (
    <section>
      <h1 className="h3 mb-3">Reviews</h1>
      <ReviewsDashboard key={productId} scope={scope} />
    </section>
  );
}

export { Component };
