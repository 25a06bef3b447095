import { findProduct } from '@pinpoint/contracts';
import { lazy, Suspense } from 'react';
import { useLoaderData, useMatches } from 'react-router';
import { Loading } from '../../../components/load-states';
import { ListingComparison } from '../../../features/listings/components/listing-comparison';

/** Their `listings` page is a directory listing scan (its own chunk). */
const SCAN_PRODUCTS = new Set(['managed-business-listings', 'business-listings']);
const ListingScanPage = lazy(
  () => import('../../../features/listing-scans/components/listing-scan-page'),
);

/**
 * /dashboard/products/{slug}/{product_id}/listings: for the Google products, the Business
 * Profile listing as Google has it beside the company's profile.
 */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const productId = ids.product_id ?? 0;
  const handle = useMatches().at(-1)?.handle as { productSub?: { slug: string } } | undefined;
  const slug = handle?.productSub?.slug ?? '';
  if (SCAN_PRODUCTS.has(slug)) {
    return (
      <section>
        <h1 className="h3 mb-3">
          <span className="visually-hidden">{findProduct(slug)?.name ?? 'Product'}: </span>
          Business listings
        </h1>
        <Suspense fallback={<Loading what="the listings scan" />}>
          <ListingScanPage key={productId} productId={productId} />
        </Suspense>
      </section>
    );
  }
  return (
    <section>
      <h1 className="h3 mb-3">
        <span className="visually-hidden">{findProduct(slug)?.name ?? 'Product'}: </span>
        Google listing
      </h1>
      <ListingComparison key={productId} productId={productId} />
    </section>
  );
}

export { Component };
