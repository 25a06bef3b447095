import { isDevHost } from '@pinpoint/contracts';
import { SelectedCompanyPage } from '../../../components/company-gate';
import { LoadError, Loading } from '../../../components/load-states';
import { paths } from '../../../config/paths';
import { useEncodedScanHref } from '../../../features/custom-rank/scan-view-href';
import { useClientTimelines } from '../../../features/timelines/api/timelines-api';
import { TimelineCharts } from '../../../features/timelines/components/timeline-charts';
import { TimelinesDataCheck } from '../../../features/timelines/components/timelines-data-check';

function ClientTimelinesView({ companyId, dev }: { companyId: number; dev: boolean }) {
  const timelines = useClientTimelines(companyId);
  const viewHref = useEncodedScanHref(paths.dashboard.localRankView.href);
  if (timelines.isPending) return <Loading what="the timelines" />;
  if (timelines.isError) {
    return (
      <LoadError
        what="The timelines"
        error={timelines.error}
        onRetry={() => void timelines.refetch()}
      />
    );
  }
  return dev ? (
    <TimelinesDataCheck timelines={timelines.data} />
  ) : (
    <TimelineCharts timelines={timelines.data} viewHref={viewHref} />
  );
}

/**
 * /dashboard/local-rank-grid/timelines: on dev hosts the raw rows and their grouping (to
 * check the data), elsewhere the client's ATRP charts (SPEC §2, one variant per host kind).
 */
function Component() {
  const dev = isDevHost(window.location.hostname);
  return (
    <SelectedCompanyPage title={dev ? 'Rank timelines: data check' : 'Rank timelines'}>
      {(company) => <ClientTimelinesView key={company.id} companyId={company.id} dev={dev} />}
    </SelectedCompanyPage>
  );
}

export { Component };
