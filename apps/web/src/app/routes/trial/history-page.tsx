import { paths } from '../../../config/paths';
import { useEncodedScanHref } from '../../../features/custom-rank/scan-view-href';
import { ScanHistoryScreen } from '../../../features/rank-history/components/scan-history-screen';

/** /trial/local-rank-grid/history: the lead's own scans (their trial company's). */
function Component() {
  const viewHref = useEncodedScanHref(paths.trial.view.href);
  return (
    <section>
      <h1 className="h3 mb-3">Rank grid history</h1>
      <ScanHistoryScreen companyId={null} viewHref={viewHref} />
    </section>
  );
}

export { Component };
