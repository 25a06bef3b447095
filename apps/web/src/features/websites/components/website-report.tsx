import { lazy, Suspense } from 'react';
import { Loading } from '../../../components/load-states';
import type { ProductReportProps } from '../../../components/product-report-props';
import { useWebsiteUptime } from '../api/website-uptime';
import { UptimeSection } from './uptime-section';

const PageSpeedPanel = lazy(() =>
  import('./page-speed-panel').then((m) => ({ default: m.PageSpeedPanel })),
);
const HostingPanel = lazy(() =>
  import('./hosting-panel').then((m) => ({ default: m.HostingPanel })),
);
const ContactSubmissionsPanel = lazy(() =>
  import('./contact-submissions-panel').then((m) => ({ default: m.ContactSubmissionsPanel })),
);

/** Which panels apply to which website product (issue 18: "what applies to that product"). */
const PANELS_BY_SLUG: Record<string, { pageSpeed: boolean; hosting: boolean; contact: boolean }> = {
  'webworx-professional': { pageSpeed: true, hosting: false, contact: false },
  'website-hosting': { pageSpeed: true, hosting: true, contact: false },
  powerpage: { pageSpeed: true, hosting: false, contact: false },
  website: { pageSpeed: true, hosting: false, contact: false },
  omgincontact: { pageSpeed: false, hosting: false, contact: true },
};

/** A website product's report (PRODUCT_REPORTS): uptime first, then what applies to the product. */
export default function WebsiteReport(props: ProductReportProps) {
  const { productId, slug, range } = props;
  const uptime = useWebsiteUptime(productId, slug, range);
  // The panels below wait for the uptime section (the same query, asked once): drawn first,
  // they would be pushed down the screen when the taller uptime section arrives (layout
  // shift on phones, docs/changelog.md, issue 22).
  const settled = !uptime.isPending;
  const panels = settled
    ? (PANELS_BY_SLUG[slug] ?? { pageSpeed: false, hosting: false, contact: false })
    : { pageSpeed: false, hosting: false, contact: false };
  return (
    <div className="d-flex flex-column gap-4">
      <UptimeSection {...props} />
      {panels.pageSpeed && (
        <Suspense fallback={<Loading what="page speed" />}>
          <PageSpeedPanel productId={productId} />
        </Suspense>
      )}
      {panels.hosting && (
        <Suspense fallback={<Loading what="hosting" />}>
          <HostingPanel productId={productId} />
        </Suspense>
      )}
      {panels.contact && (
        <Suspense fallback={<Loading what="contact-form submissions" />}>
          <ContactSubmissionsPanel productId={productId} />
        </Suspense>
      )}
    </div>
  );
}
