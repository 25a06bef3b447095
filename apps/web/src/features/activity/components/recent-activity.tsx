import { Link } from 'react-router';
import { OVERVIEW_LIST_SIZE, OverviewPanel } from '../../../components/overview-panel';
import { paths } from '../../../config/paths';
import { useActivity } from '../api/activity-api';
import { ActivityList } from './activity-list';

/** The latest few things the agency did, with the way to the whole feed. */
export function RecentActivity({ companyId }: { companyId: number }) {
  const activity = useActivity({ companyId, type: null, page: 1, pageSize: OVERVIEW_LIST_SIZE });
  const items = activity.data?.items ?? [];
  return (
    <OverviewPanel
      id="overview-activity"
      title="Recent activity"
      action={<Link to={paths.dashboard.activity.href()}>All activity</Link>}
      loading={activity.isPending}
      error={activity.error}
      onRetry={() => activity.refetch()}
    >
      {items.length === 0 ? (
        <p className="text-body-secondary mb-0">Nothing yet: work done for you will show here.</p>
      ) : (
        <ActivityList items={items} label="Recent activity" />
      )}
    </OverviewPanel>
  );
}
