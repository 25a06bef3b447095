import { Link } from 'react-router';
import { OverviewPanel } from '../../../components/overview-panel';
import { paths } from '../../../config/paths';
import { useMarkAlertRead, useOpenAlerts } from '../api/alerts-api';
import { AlertItems } from './alert-items';

/** The latest unread alerts, with the way to My alerts (where they are marked read). */
export function OpenAlerts({ companyId }: { companyId: number }) {
  const alerts = useOpenAlerts(companyId);
  const data = alerts.data;
  const markRead = useMarkAlertRead();
  return (
    <OverviewPanel
      id="overview-alerts"
      title={data && data.unreadCount > 0 ? `Open alerts (${data.unreadCount})` : 'Open alerts'}
      action={<Link to={paths.dashboard.myAlerts.href()}>My alerts</Link>}
      loading={alerts.isPending}
      error={alerts.error}
      onRetry={() => alerts.refetch()}
    >
      {!data || data.items.length === 0 ? (
        <p className="text-body-secondary mb-0">No unread alerts. You are all caught up.</p>
      ) : (
        <AlertItems
          alerts={data.items}
          label="Open alerts"
          onMarkRead={(alertId) => markRead.mutate({ companyId, alertId })}
          markingId={markRead.isPending ? (markRead.variables?.alertId ?? null) : null}
        />
      )}
    </OverviewPanel>
  );
}
