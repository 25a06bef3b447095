import { LiveLoginReports } from '../../../features/error-log/components/live-login-reports';

/** /dashboard/live-login-reports: sign-ins as they happen (employees and admins). */
function Component() {
  return <LiveLoginReports />;
}

export { Component };
