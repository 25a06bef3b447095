import { paths } from '../../../config/paths';
import { useEncodedScanHref } from '../../../features/custom-rank/scan-view-href';
import { useScanQuota } from '../../../features/rank-grid/api/get-scan-quota';
import { TrialOverview } from '../../../features/trial/components/trial-overview';
import { TrialMeGate } from './trial-me-gate';

/** /trial/overview: the lead's trial status, latest scan and a call to action. */
function Component() {
  const viewHref = useEncodedScanHref(paths.trial.view.href);
  // The same query the live screen refreshes after each scan (a lead's own quota).
  const quota = useScanQuota(null);
  return (
    <section>
      <h1 className="h3 mb-3">Your free trial</h1>
      <TrialMeGate>
        {(me) => (
          <TrialOverview
            me={me}
            quota={quota.data}
            viewHref={viewHref}
            liveHref={paths.trial.live.href()}
            historyHref={paths.trial.history.href()}
          />
        )}
      </TrialMeGate>
    </section>
  );
}

export { Component };
