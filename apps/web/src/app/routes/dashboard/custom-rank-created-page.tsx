import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { CreatedGrids } from '../../../features/custom-rank/components/created-grids';
import { useEncodedScanHref } from '../../../features/custom-rank/scan-view-href';

/** /dashboard/employee/custom-rank/created: the grids this employee ran on prospects. */
function Component() {
  const viewHref = useEncodedScanHref(paths.dashboard.customRankView.href);
  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-baseline justify-content-between mb-3">
        <h1 className="h3 mb-0">Created rank grids</h1>
        <Link to={paths.dashboard.customRankRun.href()}>Run a new grid</Link>
      </div>
      <CreatedGrids viewHref={viewHref} runHref={paths.dashboard.customRankRun.href()} />
    </section>
  );
}

export { Component };
