import { findProduct } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { useLoaderData, useMatches } from 'react-router';
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
  // The route's handle names the product (app/dashboard-routes.tsx); Facebook's reviews
  // recommend or not instead of giving stars.
  const handle = useMatches().at(-1)?.handle as { productSub?: { slug: string } } | undefined;
  const slug = handle?.productSub?.slug ?? '';
  const facebook = slug === 'facebook-pro';
  return (
    <section>
      <h1 className="h3 mb-3">
        {/* The frame above shows the product; the heading names it for those who jump to it. */}
        <span className="visually-hidden">{findProduct(slug)?.name ?? 'Product'}: </span>
        Reviews
      </h1>
      <ReviewsDashboard key={productId} scope={scope} recommendations={facebook} />
    </section>
  );
}

export { Component };
