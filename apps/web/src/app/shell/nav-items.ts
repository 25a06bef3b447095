import {
  type AuthResponse,
  DEV_ONLY_PRODUCTS,
  findProduct,
  isDevHost,
  type ProductInstance,
  type ProductSlug,
} from '@pinpoint/contracts';
import { paths } from '../../config/paths';

/** The products an ad specification is written for. */
const ADS_PRODUCTS: ReadonlySet<string> = new Set([
  'google-ads',
  'ads-xpress',
  'local-services-ads',
  'facebook-ads',
]);

/** One sidebar entry; entries with the same `group` are listed under that heading. */
export interface NavItem {
  to: string;
  label: string;
  group?: string;
}

export const NAV_GROUPS = {
  staff: 'Staff tools',
  admin: 'Admin tools',
  client: 'Your business',
  products: 'Your products',
} as const;

/**
 * The dashboard sidebar: staff tools for employees and admins, then the client pages of
 * the selected client, then one entry per ACTIVE product of that client (SPEC §2 product
 * pages; dev-only products only on dev hosts).
 */
export function dashboardNav(input: {
  auth: AuthResponse;
  /** The selected client, with its id already encoded for paths. */
  client: { encodedId: string } | null;
  products: ProductInstance[];
  /** Encodes a product instance id for its path (kept stable per id by the caller). */
  encode: (id: number) => string;
  hostname: string;
}): NavItem[] {
  const { auth, client } = input;
  const staff = auth.session.perm || auth.session.admin;
  const items: NavItem[] = [];
  if (staff) {
    const group = NAV_GROUPS.staff;
    items.push(
      { to: paths.dashboard.employee.href(), label: 'Employee home', group },
      { to: paths.dashboard.supportRequests.href(), label: 'Support requests', group },
      { to: paths.dashboard.customRankRun.href(), label: 'Custom rank', group },
      { to: paths.dashboard.powerTool.href(), label: 'OMG power tool', group },
      { to: paths.dashboard.adsEstimator.href(), label: 'Ads estimator', group },
      { to: paths.dashboard.topGbpClients.href(), label: 'Top GBP clients', group },
      { to: paths.dashboard.topLsaClients.href(), label: 'Top LSA clients', group },
      { to: paths.dashboard.timelineSearch.href(), label: 'Timeline search', group },
      { to: paths.dashboard.employeeStatus.href(), label: 'System status', group },
      { to: paths.dashboard.liveBugReports.href(), label: 'Live bug reports', group },
      { to: paths.dashboard.liveLoginReports.href(), label: 'Live login reports', group },
      { to: paths.dashboard.devOutbox.href(), label: 'Dev outbox', group },
    );
    // The staff pages SPEC §2 keeps to dev hosts (the router refuses them elsewhere).
    if (isDevHost(input.hostname)) {
      items.push(
        { to: paths.dashboard.insiteBlogs.href(), label: 'InSite blogs', group },
        { to: paths.dashboard.productsOnHold.href(), label: 'Products on hold', group },
        { to: paths.dashboard.packagesOnHold.href(), label: 'Packages on hold', group },
        { to: paths.dashboard.socialCalendar.href(), label: 'Social calendar', group },
      );
    }
  }
  if (auth.session.admin) {
    const group = NAV_GROUPS.admin;
    items.push(
      { to: paths.dashboard.adminRunGrids.href(), label: 'Run grids', group },
      { to: paths.dashboard.adminGridReport.href(), label: 'Grid report', group },
      { to: paths.dashboard.adminLsaVerticals.href(), label: 'LSA verticals', group },
    );
  }
  // Staff without any client (a new employee) have no client pages to look at.
  if (!staff || client) {
    const group = NAV_GROUPS.client;
    items.push(
      { to: paths.dashboard.overview.href(), label: 'Overview', group },
      { to: paths.dashboard.activity.href(), label: 'Activity', group },
      { to: paths.dashboard.leadsCenter.href(), label: 'Leads center', group },
      { to: paths.dashboard.roiCenter.href(), label: 'ROI center', group },
      { to: paths.dashboard.performanceReport.href(), label: 'Performance report', group },
      { to: paths.dashboard.billing.href(), label: 'Billing', group },
      { to: paths.dashboard.myAlerts.href(), label: 'My alerts', group },
      { to: paths.dashboard.products.href(), label: 'Products', group },
      ...(input.products.some(
        (p) => p.status === 'active' && findProduct(p.slug)?.subPages.some((s) => s === 'reviews'),
      )
        ? [{ to: paths.dashboard.companyReviews.href(), label: 'Reviews', group }]
        : []),
      ...(input.products.some(
        (p) => p.status === 'active' && findProduct(p.slug)?.subPages.some((s) => s === 'posts'),
      )
        ? [{ to: paths.dashboard.companyPosts.href(), label: 'Posts', group }]
        : []),
      // Review requests ask for Google reviews: the first product with a Google profile
      // (its page has Q&A, which only Google's profile has).
      ...input.products
        .filter(
          (p) => p.status === 'active' && findProduct(p.slug)?.subPages.some((s) => s === 'qa'),
        )
        .slice(0, 1)
        .map((p) => ({
          to: paths.dashboard.reviewSolicitation.href(p.slug, input.encode(p.id)),
          label: 'Review requests',
          group,
        })),
      // The ad specification serves every ads product of the company.
      ...(input.products.some((p) => p.status === 'active' && ADS_PRODUCTS.has(p.slug))
        ? [{ to: paths.dashboard.adSpec.href(), label: 'Ad spec', group }]
        : []),
      { to: paths.dashboard.localRankLive.href(), label: 'Live rank grid', group },
      { to: paths.dashboard.localRankHistory.href(), label: 'Rank grid history', group },
      { to: paths.dashboard.localRankTimelines.href(), label: 'Rank timelines', group },
    );
    if (client) {
      items.push({ to: paths.dashboard.profile.href(client.encodedId), label: 'Profile', group });
    }
  }
  const devHost = isDevHost(input.hostname);
  for (const product of input.products) {
    if (product.status !== 'active') continue;
    if (!devHost && DEV_ONLY_PRODUCTS.includes(product.slug as ProductSlug)) continue;
    items.push({
      to: paths.dashboard.productPage.href(product.slug, input.encode(product.id)),
      label: product.name,
      group: NAV_GROUPS.products,
    });
  }
  return items;
}
