import { useLoaderData } from 'react-router';
import { paths } from '../../../config/paths';
import { useEncodedScanHref } from '../../../features/custom-rank/scan-view-href';
import { ScanViewScreen } from '../../../features/rank-grid/components/scan-view-screen';
import { scanSharing } from '../scan-sharing';

/** /trial/local-rank-grid/view/{id}: one of the lead's scans (the id decoded by the loader). */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const viewHref = useEncodedScanHref(paths.trial.view.href);
  return (
    <section>
      <h1 className="h3 mb-3">Your rank grid</h1>
      <ScanViewScreen
        sharing={scanSharing}
        key={ids.id}
        scanId={ids.id as number}
        viewHref={viewHref}
        historyHref={paths.trial.history.href()}
        clientCompany={false}
      />
    </section>
  );
}

export { Component };
