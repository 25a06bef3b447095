import { findProduct } from '@pinpoint/contracts';
import { useLoaderData, useMatches } from 'react-router';
import { PhotoGallery } from '../../../features/photos/components/photo-gallery';

/** /dashboard/products/{slug}/{product_id}/photos: the Business Profile's photos. */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const productId = ids.product_id ?? 0;
  const handle = useMatches().at(-1)?.handle as { productSub?: { slug: string } } | undefined;
  const slug = handle?.productSub?.slug ?? '';
  return (
    <section>
      <h1 className="h3 mb-3">
        <span className="visually-hidden">{findProduct(slug)?.name ?? 'Product'}: </span>
        Photos
      </h1>
      <PhotoGallery key={productId} productId={productId} />
    </section>
  );
}

export { Component };
