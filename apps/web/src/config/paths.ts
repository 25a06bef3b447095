/**
 * The one registry of browser paths. Components link with `paths.x.href(...)`, never with
 * hand-built strings, so a route can move in one place.
 */
function route<P extends string>(pattern: P) {
  return { pattern, href: () => pattern } as const;
}

export const paths = {
  home: route('/'),
  login: {
    pattern: '/login',
    /** `next` brings the user back to the protected page they asked for. */
    href: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  },
  signup: route('/signup'),
  /** Set the first password of an invited account, from the emailed link (`?token=`). */
  activate: route('/activate'),
  /** Ask for a password-reset email. */
  forgotPassword: route('/forgot-password'),
  /** Choose a new password, from the emailed link (`?token=`). */
  resetPassword: route('/reset-password'),
  status: route('/status'),
  /** The legacy public alerts page, opened by a signed link (`?token=`). */
  myAlerts: route('/my-alerts'),
  /** One shared rank grid scan, opened by a signed link (`?token=`). */
  sharedScan: route('/shared/scan'),
  /** A sales prospect's shared report, opened by a signed link (`?token=`). */
  prospectReport: route('/shared/prospect-report'),
  dashboard: {
    root: route('/dashboard'),
    overview: route('/dashboard/overview'),
    myAlerts: route('/dashboard/my-alerts'),
    activity: route('/dashboard/activity'),
    /** Every lead of the selected company, from every source. */
    leadsCenter: route('/dashboard/leads-center'),
    /** The selected company's performance over time, source by source. */
    performanceReport: route('/dashboard/performance-report'),
    /** What the selected company spent and what it got back. */
    roiCenter: route('/dashboard/roi-center'),
    /** The selected company's invoices, payments and card on file. */
    billing: route('/dashboard/billing'),
    products: route('/dashboard/products'),
    /** Review requests of one product (SPEC §2); `encodedInstanceId` comes from `encodeId`. */
    reviewSolicitation: {
      pattern: '/dashboard/review-solicitation/:product_type/:product_id',
      href: (slug: string, encodedInstanceId: string) =>
        `/dashboard/review-solicitation/${slug}/${encodedInstanceId}`,
    },
    /** Staff: emails and texts kept instead of sent (no SMTP, demo SMS). */
    devOutbox: route('/dashboard/dev-outbox'),
    /** Staff: the sales power tool's prospect workspaces. */
    powerTool: route('/dashboard/employee/omg-power-tool'),
    /** One prospect workspace; `encodedContainerId` comes from `encodeId`. */
    powerToolWorkspace: {
      pattern: '/dashboard/employee/omg-power-tool/:id',
      href: (encodedContainerId: string) =>
        `/dashboard/employee/omg-power-tool/${encodedContainerId}`,
    },
    /** Dev hosts only (SPEC §2): staff pages. */
    insiteBlogs: route('/dashboard/insite-blogs'),
    productsOnHold: route('/dashboard/products/on-hold'),
    packagesOnHold: route('/dashboard/products/on-hold-packages'),
    socialCalendar: route('/dashboard/products/social-calendar'),
    /** The selected company's ad spec (SPEC §2). */
    adSpec: route('/dashboard/products/ad-spec'),
    /** A company's profile; `encodedCompanyId` comes from `encodeId`. */
    profile: {
      pattern: '/dashboard/profile/:company_id',
      href: (encodedCompanyId: string) => `/dashboard/profile/${encodedCompanyId}`,
    },
    /** A product's own page (outside the dashboard layout, SPEC §2). */
    productPage: {
      pattern: '/dashboard/products/:product_name/:product_id',
      href: (slug: string, encodedInstanceId: string) =>
        `/dashboard/products/${slug}/${encodedInstanceId}`,
    },
    /** A product's sub-page (inside the dashboard layout): reviews, posts, … */
    productSubPage: {
      pattern: '/dashboard/products/:product_name/:product_id/:sub',
      href: (slug: string, encodedInstanceId: string, sub: string) =>
        `/dashboard/products/${slug}/${encodedInstanceId}/${sub}`,
    },
    /** A product's QR codes (every product has them, SPEC §2). */
    productQrCodes: {
      pattern: '/dashboard/products/:product_name/qr-codes/:product_id',
      href: (slug: string, encodedInstanceId: string) =>
        `/dashboard/products/${slug}/qr-codes/${encodedInstanceId}`,
    },
    /** Every review of the selected company, across its products. */
    companyReviews: route('/dashboard/products/reviews'),
    /** One review, its reply and the history of reply writes; ids come from `encodeId`. */
    reviewDetail: {
      pattern: '/dashboard/products/:product_name/reviews/:product_id/:review_id',
      href: (slug: string, encodedInstanceId: string, encodedReviewId: string) =>
        `/dashboard/products/${slug}/reviews/${encodedInstanceId}/${encodedReviewId}`,
    },
    /** Every post of the selected company, across its products. */
    companyPosts: route('/dashboard/products/posts'),
    /** One post with its state and history; ids come from `encodeId`. */
    postDetail: {
      pattern: '/dashboard/products/:product_name/posts/:product_id/:post_id',
      href: (slug: string, encodedInstanceId: string, encodedPostId: string) =>
        `/dashboard/products/${slug}/posts/${encodedInstanceId}/${encodedPostId}`,
    },
    adminRunGrids: route('/dashboard/admin/run-grids'),
    adminGridReport: route('/dashboard/admin/grid-report'),
    adminLsaVerticals: route('/dashboard/admin/lsa-verticals'),
    employee: route('/dashboard/employee'),
    topGbpClients: route('/dashboard/employee/top-gbp-clients'),
    topLsaClients: route('/dashboard/employee/top-lsa-clients'),
    adsEstimator: route('/dashboard/employee/ads-estimator'),
    /** `text` starts the search with it. */
    timelineSearch: {
      pattern: '/dashboard/employee/timeline/search',
      href: (text?: string) =>
        text
          ? `/dashboard/employee/timeline/search?${new URLSearchParams({ text })}`
          : '/dashboard/employee/timeline/search',
    },
    /** `encodedClientId` (from `encodeId`) selects that client first, when the user may. */
    localRankHistory: {
      pattern: '/dashboard/local-rank-grid/history',
      href: (encodedClientId?: string) =>
        encodedClientId
          ? `/dashboard/local-rank-grid/history?${new URLSearchParams({ client: encodedClientId })}`
          : '/dashboard/local-rank-grid/history',
    },
    localRankTimelines: route('/dashboard/local-rank-grid/timelines'),
    customRankRun: route('/dashboard/employee/custom-rank/run'),
    customRankCreated: route('/dashboard/employee/custom-rank/created'),
    /** A custom rank grid's view; `encodedScanId` comes from `encodeId`. */
    customRankView: {
      pattern: '/dashboard/employee/custom-rank/view/:id',
      href: (encodedScanId: string) => `/dashboard/employee/custom-rank/view/${encodedScanId}`,
    },
    employeeStatus: route('/dashboard/employee/status'),
    /** Staff: the support requests of their clients (admins: all). */
    supportRequests: route('/dashboard/employee/support-requests'),
    liveBugReports: route('/dashboard/live-bug-reports'),
    liveLoginReports: route('/dashboard/live-login-reports'),
    /** Starting a new scan for the selected client. */
    localRankLive: route('/dashboard/local-rank-grid/live'),
    /** One scan's view; `encodedScanId` comes from `encodeId`. */
    localRankView: {
      pattern: '/dashboard/local-rank-grid/view/:id',
      href: (encodedScanId: string) => `/dashboard/local-rank-grid/view/${encodedScanId}`,
    },
  },
  trial: {
    root: route('/trial'),
    overview: route('/trial/overview'),
    profile: route('/trial/profile'),
    myAlerts: route('/trial/my-alerts'),
    live: route('/trial/local-rank-grid/live'),
    history: route('/trial/local-rank-grid/history'),
    /** A trial scan's view; `encodedScanId` comes from `encodeId`. */
    view: {
      pattern: '/trial/local-rank-grid/view/:id',
      href: (encodedScanId: string) => `/trial/local-rank-grid/view/${encodedScanId}`,
    },
  },
} as const;

/** Only same-site paths are followed after sign-in; anything else is ignored. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}
