import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { paths } from '../../../config/paths';
import { useEmployeeSummary } from '../../../features/employee-home/api/employee-summary-api';
import {
  ClientRankTable,
  RecentGridAlerts,
} from '../../../features/employee-home/components/employee-home';
import { OpenSupportRequestsCard } from '../../../features/support-requests/components/open-support-requests-card';

/**
 * /dashboard/employee: the open support requests of the clients the employee looks after,
 * those clients with their latest rank grid numbers, and the grid alerts across them. The landing logic sends an employee without
 * clients to custom rank; a visit here anyway gets the empty state.
 */
function Component() {
  const summary = useEmployeeSummary();
  return (
    <section>
      <h1 className="h3 mb-3">Employee home</h1>
      <OpenSupportRequestsCard />
      {summary.isPending && <Loading what="your clients" />}
      {summary.isError && (
        <LoadError
          what="Your clients"
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      )}
      {summary.data && summary.data.clients.length === 0 && (
        <p className="text-body-secondary">
          No clients are assigned to you yet. You can still run a{' '}
          <Link to={paths.dashboard.customRankRun.href()}>custom rank grid</Link>.
        </p>
      )}
      {summary.data && summary.data.clients.length > 0 && (
        <>
          <ClientRankTable summary={summary.data} />
          <RecentGridAlerts summary={summary.data} />
        </>
      )}
    </section>
  );
}

export { Component };
