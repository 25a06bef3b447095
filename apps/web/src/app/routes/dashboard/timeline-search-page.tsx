import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useEncodedScanHref } from '../../../features/custom-rank/scan-view-href';
import { TimelineSearch } from '../../../features/timelines/components/timeline-search';

/** /dashboard/employee/timeline/search: `?text=` starts the search (the employee home links so). */
function Component() {
  const [params] = useSearchParams();
  const viewHref = useEncodedScanHref(paths.dashboard.localRankView.href);
  return (
    <section>
      <h1 className="h3 mb-3">Timeline search</h1>
      <TimelineSearch initialText={params.get('text') ?? ''} viewHref={viewHref} />
    </section>
  );
}

export { Component };
