import { PackagesOnHold } from '../../../features/dev-pages/components/packages-on-hold';

/** /dashboard/products/on-hold-packages: client packages on hold (dev hosts, staff). */
function Component() {
  return <PackagesOnHold />;
}

export { Component };
