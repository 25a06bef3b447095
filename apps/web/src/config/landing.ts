import type { SessionDescriptor } from '@pinpoint/contracts';
import { paths } from './paths';

/**
 * Where a signed-in user starts (SPEC §2 "/dashboard index redirect"): trial leads in the
 * trial area, employees with clients on the employee home, employees without clients on
 * the custom rank run, everyone else on the overview.
 */
export function landingPath(session: SessionDescriptor): string {
  if (session.lead) return paths.trial.overview.href();
  if (session.perm) {
    return session.clients.length > 0
      ? paths.dashboard.employee.href()
      : paths.dashboard.customRankRun.href();
  }
  return paths.dashboard.overview.href();
}
