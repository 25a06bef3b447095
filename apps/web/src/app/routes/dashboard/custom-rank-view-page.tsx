import { useLoaderData } from 'react-router';
import { paths } from '../../../config/paths';
import { useEncodedScanHref } from '../../../features/custom-rank/scan-view-href';
import { ScanViewScreen } from '../../../features/rank-grid/components/scan-view-screen';
import { scanSharing } from '../scan-sharing';

/** /dashboard/employee/custom-rank/view/{id}: one custom grid (the id decoded by the loader). */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const viewHref = useEncodedScanHref(paths.dashboard.customRankView.href);
  return (
    <section>
      <h1 className="h3 mb-3">Custom rank grid</h1>
      <ScanViewScreen
        sharing={scanSharing}
        key={ids.id}
        scanId={ids.id as number}
        viewHref={viewHref}
        historyHref={paths.dashboard.customRankCreated.href()}
      />
    </section>
  );
}

export { Component };
