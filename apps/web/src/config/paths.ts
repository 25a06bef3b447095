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
  status: route('/status'),
  /** The legacy public alerts page, opened by a signed link (`?token=`). */
  myAlerts: route('/my-alerts'),
  dashboard: {
    root: route('/dashboard'),
    overview: route('/dashboard/overview'),
    myAlerts: route('/dashboard/my-alerts'),
    activity: route('/dashboard/activity'),
    products: route('/dashboard/products'),
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
    employee: route('/dashboard/employee'),
    customRankRun: route('/dashboard/employee/custom-rank/run'),
    employeeStatus: route('/dashboard/employee/status'),
    liveBugReports: route('/dashboard/live-bug-reports'),
    liveLoginReports: route('/dashboard/live-login-reports'),
  },
  trial: {
    root: route('/trial'),
    overview: route('/trial/overview'),
  },
} as const;

/** Only same-site paths are followed after sign-in; anything else is ignored. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}
