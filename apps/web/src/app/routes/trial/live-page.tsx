import { paths } from '../../../config/paths';
import { useEncodedScanHref } from '../../../features/custom-rank/scan-view-href';
import { useScanQuota } from '../../../features/rank-grid/api/get-scan-quota';
import { LiveScanScreen } from '../../../features/rank-grid/components/live-scan-screen';
import { TrialQuotaNotice } from '../../../features/trial/components/quota-notice';

/**
 * /trial/local-rank-grid/live: the live grid within the trial's limits. Once today's scans
 * are used, the clear message and the invitation to talk to the agency come first.
 */
function Component() {
  const viewHref = useEncodedScanHref(paths.trial.view.href);
  const quota = useScanQuota(null);
  return (
    <section>
      <h1 className="h3 mb-3">Live rank grid</h1>
      {quota.data && <TrialQuotaNotice quota={quota.data} />}
      <LiveScanScreen companyId={null} trial viewHref={viewHref} />
    </section>
  );
}

export { Component };
