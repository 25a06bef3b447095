import { encodeId } from '@pinpoint/contracts';
import { SelectedCompanyPage } from '../../../components/company-gate';
import { paths } from '../../../config/paths';
import { LiveScanScreen } from '../../../features/rank-grid/components/live-scan-screen';

const viewHref = (scanId: number) => paths.dashboard.localRankView.href(encodeId(scanId));

/** /dashboard/local-rank-grid/live: a new scan for the client selected in the top bar. */
function Component() {
  return (
    <SelectedCompanyPage title="Live rank grid">
      {(company) => (
        <LiveScanScreen
          key={company.id}
          companyId={company.id}
          businessName={company.name}
          viewHref={viewHref}
        />
      )}
    </SelectedCompanyPage>
  );
}

export { Component };
