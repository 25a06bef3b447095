import { LiveLoginReports } from '../../../features/live-reports/components/live-login-reports';

/** /dashboard/live-login-reports: sign-ins as they happen (employees and admins). */
function Component() {
  return <LiveLoginReports />;
}

export { Component };
