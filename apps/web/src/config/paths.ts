/**
 * The one registry of browser paths. Components link with `paths.x.href(...)`, never with
 * hand-built strings, so a route can move in one place. Grows as areas are built.
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
  dashboard: {
    root: route('/dashboard'),
    overview: route('/dashboard/overview'),
  },
  trial: {
    root: route('/trial'),
  },
} as const;
