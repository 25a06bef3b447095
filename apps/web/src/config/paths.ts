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
  dashboard: {
    root: route('/dashboard'),
    overview: route('/dashboard/overview'),
    employee: route('/dashboard/employee'),
    customRankRun: route('/dashboard/employee/custom-rank/run'),
    employeeStatus: route('/dashboard/employee/status'),
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
