import type { SalesGrid } from '@pinpoint/contracts';
import Alert from 'react-bootstrap/Alert';
import { LoadError } from '../../../components/load-states';
import { MetricCards } from '../../../components/rank-grid/metric-cards';
import { RankLegend } from '../../../components/rank-grid/rank-legend';
import { RankMap } from '../../../components/rank-grid/rank-map';
import { ScanProgress } from '../../../components/rank-grid/scan-progress';
import { useLiveScan } from '../../../components/rank-grid/use-live-scan';

/**
 * One keyword's latest grid: a progress bar that the scan's realtime events move at once
 * (polling covers missed ones); when it is done, its metrics and its heatmap.
 */
export function GridCard({
  grid,
  business,
}: {
  grid: SalesGrid;
  business: { name: string; lat: number; lng: number };
}) {
  const { scan, done, total, finished } = useLiveScan(grid.scanId);
  const data = scan.data;
  // Until the scan's own answer arrives, the workspace's figures stand in.
  const shownTotal = total || grid.pointsTotal;
  const shownDone = Math.max(done, data ? 0 : grid.pointsDone);
  const status = data?.status ?? grid.status;

  return (
    <article
      className="border rounded p-3 mb-3"
      aria-labelledby={`grid-${grid.scanId}-title`}
      data-testid="sales-grid"
      data-keyword={grid.keyword}
      data-status={status}
    >
      <h3 id={`grid-${grid.scanId}-title`} className="h6 mb-1">
        “{grid.keyword}”
      </h3>
      <p className="small text-body-secondary mb-2">
        {grid.size}×{grid.size} grid · {grid.radius} {grid.unit} radius
      </p>
      {scan.isError && (
        <LoadError what="This grid" error={scan.error} onRetry={() => void scan.refetch()} />
      )}
      {/* Kept when finished (full and green), so the card says how far the search went. */}
      <ScanProgress
        done={finished ? shownTotal : shownDone}
        total={shownTotal}
        label={`Progress of “${grid.keyword}”`}
      />
      {status === 'failed' && (
        <Alert variant="warning">
          This grid failed before every point was searched; the points it measured are shown.
        </Alert>
      )}
      {finished && data && (
        <>
          <MetricCards metrics={data.metrics} change={null} idPrefix={`grid-${grid.scanId}`} />
          <RankLegend business={business.name} />
          <RankMap
            label={`Rank grid map for “${grid.keyword}”`}
            points={data.points}
            size={data.size}
            business={business}
            height={340}
          />
        </>
      )}
    </article>
  );
}
