import { Outlet, useLoaderData, useMatches, useParams } from 'react-router';
import { ProductFrame } from '../../../features/product-frame/components/product-frame';

/** What each product sub-page route carries in its handle (app/dashboard-routes.tsx). */
interface ProductSubHandle {
  productSub?: { slug: string; sub: string };
}

/**
 * The frame around every product's sub-pages: the product, a link to its page, and tabs
 * across its sub-pages; the sub-page renders in the outlet. Its loader has already decoded
 * the product id (a malformed one shows not-found).
 */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const params = useParams();
  const here = useMatches().findLast((match) => (match.handle as ProductSubHandle)?.productSub);
  const productSub = (here?.handle as ProductSubHandle | undefined)?.productSub;
  const productId = ids.product_id;
  if (!productSub || productId === undefined || !params.product_id) return <Outlet />;
  return (
    <ProductFrame
      // A different product starts a fresh frame (its name and status are its own).
      key={productId}
      slug={productSub.slug}
      productId={productId}
      encodedId={params.product_id}
    >
      <Outlet />
    </ProductFrame>
  );
}

export { Component };
