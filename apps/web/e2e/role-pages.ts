/**
 * Every built page, by the role that sees it (issue 8): the accessibility and keyboard
 * specs both visit these. The company profile is not listed: its path carries the selected
 * company's encoded id, so those specs follow the sidebar to it.
 */
export const ROLE_PAGES = {
  signedOut: [
    '/',
    '/login',
    '/signup',
    '/status',
    '/my-alerts',
    '/forgot-password',
    '/activate',
    '/reset-password',
  ],
  client: [
    '/dashboard/overview',
    '/dashboard/activity',
    '/dashboard/leads-center',
    '/dashboard/roi-center',
    '/dashboard/billing',
    '/dashboard/my-alerts',
    '/dashboard/products',
    '/dashboard/local-rank-grid/live',
    '/dashboard/local-rank-grid/history',
    '/dashboard/local-rank-grid/timelines',
  ],
  staff: [
    '/dashboard/employee',
    '/dashboard/employee/custom-rank/run',
    '/dashboard/employee/custom-rank/created',
    '/dashboard/employee/omg-power-tool',
    '/dashboard/employee/top-gbp-clients',
    '/dashboard/employee/top-lsa-clients',
    '/dashboard/employee/timeline/search',
    '/dashboard/employee/status',
    '/dashboard/employee/support-requests',
    '/dashboard/dev-outbox',
    '/dashboard/insite-blogs',
    '/dashboard/products/on-hold',
    '/dashboard/products/on-hold-packages',
    '/dashboard/products/social-calendar',
    '/dashboard/live-bug-reports',
    '/dashboard/live-login-reports',
    '/dashboard/admin/run-grids',
    '/dashboard/admin/grid-report',
    '/dashboard/admin/lsa-verticals',
  ],
  trial: [
    '/trial/overview',
    '/trial/profile',
    '/trial/my-alerts',
    '/trial/local-rank-grid/live',
    '/trial/local-rank-grid/history',
  ],
} as const;

/** The demo account each signed-in role's pages are visited as. */
export const ROLE_ACCOUNTS = {
  client: 'client@demo.pinpoint.local',
  staff: 'admin@demo.pinpoint.local',
  trial: 'lead@demo.pinpoint.local',
} as const;

/**
 * A role's pages in near-equal groups of at most `size`, one test each: a test that visits
 * a dozen pages does minutes of work on a busy machine, more than one test should.
 */
export function inGroups<T>(items: readonly T[], size: number): T[][] {
  const count = Math.ceil(items.length / size);
  const groups: T[][] = Array.from({ length: count }, () => []);
  for (const [n, item] of items.entries()) {
    groups[Math.floor((n * count) / items.length)]?.push(item);
  }
  return groups;
}
