import { findProduct } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { useLoaderData, useMatches } from 'react-router';
import { useProductCompany } from '../../../features/posts/api/get-product-company';
import type { PostScope } from '../../../features/posts/api/post-scope';
import { PostsDashboard } from '../../../features/posts/components/posts-dashboard';

/** /dashboard/products/{slug}/{product_id}/posts: one product's posts, inside the product frame. */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const productId = ids.product_id ?? 0;
  const handle = useMatches().at(-1)?.handle as { productSub?: { slug: string } } | undefined;
  const slug = handle?.productSub?.slug ?? '';
  const source = slug === 'facebook-pro' ? 'facebook' : 'google';
  const scope = useMemo<PostScope>(
    () => ({ kind: 'product', productId, source }),
    [productId, source],
  );
  const companyId = useProductCompany(productId);
  return (
    <section>
      <h1 className="h3 mb-3">
        <span className="visually-hidden">{findProduct(slug)?.name ?? 'Product'}: </span>
        Posts
      </h1>
      <PostsDashboard key={productId} scope={scope} companyId={companyId} />
    </section>
  );
}

export { Component };
