import { type ReactNode, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { MetricCards } from '../../../components/rank-grid/metric-cards';
import { RankLegend } from '../../../components/rank-grid/rank-legend';
import { RankMap } from '../../../components/rank-grid/rank-map';
import { ScanProgress } from '../../../components/rank-grid/scan-progress';
import { useLiveScan } from '../../../components/rank-grid/use-live-scan';
import { ApiError } from '../../../lib/api-client';
import { useBusiness } from '../api/get-business';
import { useScanReport } from '../api/get-scan-report';
import { ComparePanel } from './compare-panel';
import { CompetitorTable } from './competitor-table';
import { ExportButtons } from './export-buttons';
import { PointResults } from './point-results';
import { PointsTable } from './points-table';

export interface ScanViewScreenProps {
  scanId: number;
  /** Where another scan of this area opens (the client's, an employee's or a trial view). */
  viewHref: (scanId: number) => string;
  historyHref?: string;
  /**
   * Whether the scan's company is an agency client whose record marks the business on the
   * map. A trial lead's own company is not one (`/api/uni/client/{id}` answers 404 for it).
   */
  clientCompany?: boolean;
  /** The share link and GIF panels of a finished scan (the rank-share and rank-gif areas'). */
  sharing: (scanId: number) => ReactNode;
}

/**
 * One scan: its heatmap (map, legend, scale), metric cards with the change since the previous
 * scan of the same settings, the results at a chosen point, a comparison with an earlier
 * scan, competitors, the points as a table, and the exports. Props only, so the client, the
 * employee and the trial pages all mount it.
 */
export function ScanViewScreen({
  scanId,
  viewHref,
  historyHref,
  clientCompany = true,
  sharing,
}: ScanViewScreenProps) {
  const { scan, done, total, finished } = useLiveScan(scanId);
  const report = useScanReport(scanId, scan.data?.status === 'done');
  const business = useBusiness(clientCompany ? (scan.data?.companyId ?? null) : null);
  const [selected, setSelected] = useState<number | null>(null);
  const place = business.data;
  const marker = useMemo(
    () =>
      place && place.lat !== null && place.lng !== null
        ? { name: place.name, lat: place.lat, lng: place.lng }
        : null,
    [place],
  );

  if (scan.isPending) return <Loading what="the scan" />;
  if (scan.isError) {
    if (scan.error instanceof ApiError && scan.error.status === 404) {
      return (
        <Alert variant="warning">
          This scan does not exist or is not one of yours.{' '}
          {historyHref && <Link to={historyHref}>See your scans</Link>}
        </Alert>
      );
    }
    return <LoadError what="The scan" error={scan.error} onRetry={() => scan.refetch()} />;
  }

  const data = scan.data;
  const point = selected === null ? null : data.points.find((p) => p.index === selected);
  const created = new Date(data.createdAt);

  return (
    <div data-testid="scan-view" data-scan-id={data.id} data-status={data.status}>
      <h2 className="h4 mb-1">“{data.keyword}”</h2>
      <p className="text-body-secondary mb-3">
        {created.toLocaleDateString()} {created.toLocaleTimeString()} · {data.size}×{data.size} grid
        · {data.radius} {data.unit} radius
        {historyHref && (
          <>
            {' · '}
            <Link to={historyHref}>All scans</Link>
          </>
        )}
      </p>

      {!finished && <ScanProgress done={done} total={total} />}
      {data.status === 'failed' && (
        <Alert variant="danger">
          This scan failed before every point was searched; the points it measured are shown.
        </Alert>
      )}

      <MetricCards metrics={data.metrics} change={report.data?.change} />
      {report.data && !report.data.change && data.status === 'done' && (
        <p className="small text-body-secondary">
          This is the first finished scan with these settings: there is nothing to compare yet.
        </p>
      )}

      <div className="row g-3 mb-3">
        <div className="col-12 col-xl-8">
          <RankLegend business={marker?.name} />
          <RankMap
            label={`Rank grid map for “${data.keyword}”`}
            points={data.points}
            size={data.size}
            business={marker}
            selectedIndex={selected}
            onSelectPoint={setSelected}
          />
        </div>
        <div className="col-12 col-xl-4">
          {point ? (
            <PointResults point={point} onClose={() => setSelected(null)} />
          ) : (
            <p className="small text-body-secondary">
              Choose a pin (click, or Tab to it and press Enter) or a row of the table below to see
              the local results at that point.
            </p>
          )}
        </div>
      </div>

      <section className="mb-4" aria-labelledby="export-title">
        <h3 className="h5" id="export-title">
          Export and share
        </h3>
        {data.status === 'done' ? (
          <>
            <ExportButtons scan={data} business={marker} />
            {sharing(data.id)}
          </>
        ) : (
          <p className="small text-body-secondary">Exports are ready when the scan finishes.</p>
        )}
      </section>

      {data.status === 'done' && (
        <section className="mb-4" aria-labelledby="compare-title">
          <h3 className="h5" id="compare-title">
            Compare
          </h3>
          <ComparePanel scan={data} viewHref={viewHref} />
        </section>
      )}

      <section className="mb-4" aria-labelledby="competitors-title">
        <h3 className="h5" id="competitors-title">
          Competitors
        </h3>
        <CompetitorTable competitors={data.competitors} />
      </section>

      <section className="mb-4" aria-labelledby="points-title">
        <h3 className="h5" id="points-title">
          Points
        </h3>
        <PointsTable scan={data} selectedIndex={selected} onSelectPoint={setSelected} />
      </section>
    </div>
  );
}
