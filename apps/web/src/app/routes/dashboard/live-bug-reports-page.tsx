import { LiveBugReports } from '../../../features/error-log/components/live-bug-reports';

/** /dashboard/live-bug-reports: error reports as they arrive (employees and admins). */
function Component() {
  return <LiveBugReports />;
}

export { Component };
