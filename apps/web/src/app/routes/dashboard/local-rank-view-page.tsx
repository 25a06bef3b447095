import { encodeId } from '@pinpoint/contracts';
import { useLoaderData } from 'react-router';
import { paths } from '../../../config/paths';
import { ScanViewScreen } from '../../../features/rank-grid/components/scan-view-screen';
import { scanSharing } from '../scan-sharing';

const viewHref = (scanId: number) => paths.dashboard.localRankView.href(encodeId(scanId));

/** /dashboard/local-rank-grid/view/{id}: one scan; the id was decoded by the route's loader. */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const scanId = ids.id as number;
  return (
    <section>
      <h1 className="h3 mb-3">Rank grid</h1>
      <ScanViewScreen
        sharing={scanSharing}
        key={scanId}
        scanId={scanId}
        viewHref={viewHref}
        historyHref={paths.dashboard.localRankHistory.href()}
      />
    </section>
  );
}

export { Component };
