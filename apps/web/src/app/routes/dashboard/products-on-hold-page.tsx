import { ProductsOnHold } from '../../../features/dev-pages/components/products-on-hold';

/** /dashboard/products/on-hold: products on hold across the caller's clients (dev hosts, staff). */
function Component() {
  return <ProductsOnHold />;
}

export { Component };
