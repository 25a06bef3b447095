import { type ComponentType, lazy } from 'react';
import type { ProductReportProps } from '../components/product-report-props';

/**
 * The reports of the products whose figures are synced into Pinpoint, by catalog slug,
 * each loaded only when its product page opens. A product missing here says plainly that
 * its report is coming, rather than show figures that do not exist. One line per product.
 */
export const PRODUCT_REPORTS: Partial<Record<string, ComponentType<ProductReportProps>>> = {
  'local-services-ads': lazy(() => import('../features/lsa/components/lsa-report')),
  'google-calls-advisor': lazy(() => import('../features/call-tracking/components/calls-report')),
  // One line per product, e.g.:
  // 'google-ads': lazy(() => import('../features/google-ads/components/google-ads-report')),
  'facebook-ads': lazy(() => import('../features/facebook-ads/components/facebook-ads-report')),
  'google-ads': lazy(() => import('../features/google-ads/components/google-ads-report')),
  'ads-xpress': lazy(() => import('../features/google-ads/components/google-ads-report')),
  'webworx-professional': lazy(() => import('../features/websites/components/website-report')),
  'website-hosting': lazy(() => import('../features/websites/components/website-report')),
  powerpage: lazy(() => import('../features/websites/components/website-report')),
  website: lazy(() => import('../features/websites/components/website-report')),
  omgincontact: lazy(() => import('../features/websites/components/website-report')),
  // The listings products: the directory scan now (its score history is the range).
  'managed-business-listings': lazy(
    () => import('../features/listing-scans/components/listing-scan-page'),
  ),
  'business-listings': lazy(() => import('../features/listing-scans/components/listing-scan-page')),
  // Dev hosts only (DEV_ONLY_PRODUCTS), for staff.
  'seo-pro': lazy(() => import('../features/dev-pages/components/seo-pro-report')),
};

/**
 * Reports that are a state now rather than figures over a range: no range filter above
 * them (the listings scan keeps its own score history).
 */
export const RANGELESS_REPORTS: ReadonlySet<string> = new Set([
  'managed-business-listings',
  'business-listings',
]);
