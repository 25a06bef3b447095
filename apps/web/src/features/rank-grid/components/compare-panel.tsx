import { SCAN_SERIES_MAX_LIMIT, type Scan } from '@pinpoint/contracts';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { useScan } from '../../../components/rank-grid/get-scan';
import { formatMetric } from '../../../components/rank-grid/grid-metrics';
import { MetricCards } from '../../../components/rank-grid/metric-cards';
import { RankMap } from '../../../components/rank-grid/rank-map';
import { useScanReport } from '../api/get-scan-report';
import { useScanSeries } from '../api/get-scan-series';
import { PointsTable } from './points-table';

const when = (iso: string) => new Date(iso).toLocaleDateString();

function ScanColumn({ scan, title, idPrefix }: { scan: Scan; title: string; idPrefix: string }) {
  const report = useScanReport(scan.id);
  return (
    <div className="col-12 col-lg-6">
      <h3 className="h6">{title}</h3>
      <RankMap
        label={`Rank grid map: ${title}`}
        points={scan.points}
        size={scan.size}
        height={300}
      />
      <div className="mt-2">
        <MetricCards metrics={scan.metrics} change={report.data?.change} idPrefix={idPrefix} />
      </div>
      {/* The map's text alternative, folded so the two columns stay comparable at a glance. */}
      <details className="mt-2">
        <summary>Points of this scan as a table</summary>
        <PointsTable scan={scan} selectedIndex={null} />
      </details>
    </div>
  );
}

/**
 * Side by side with an earlier scan of exactly the same settings (company, keyword, size,
 * radius, unit): other settings are never offered, since their numbers do not compare.
 */
export function ComparePanel({
  scan,
  viewHref,
}: {
  scan: Scan;
  viewHref: (scanId: number) => string;
}) {
  const [page, setPage] = useState(1);
  const [otherId, setOtherId] = useState<number | null>(null);
  const series = useScanSeries(scan.id, page);
  const other = useScan(otherId);
  const choices = (series.data?.scans ?? []).filter((entry) => entry.id !== scan.id);
  const pages = series.data ? Math.ceil(series.data.total / SCAN_SERIES_MAX_LIMIT) : 1;

  if (series.isPending) return <Loading what="earlier scans" />;
  if (series.isError)
    return (
      <LoadError what="The earlier scans" error={series.error} onRetry={() => series.refetch()} />
    );
  if (series.data.total <= 1 && choices.length === 0) {
    return (
      <p className="text-body-secondary small">
        There is no earlier finished scan with these settings to compare with yet.
      </p>
    );
  }
  return (
    <>
      <Form.Group controlId="compare-with" className="mb-2" style={{ maxWidth: 480 }}>
        <Form.Label>Compare with an earlier scan of the same settings</Form.Label>
        <Form.Select
          value={otherId ?? ''}
          onChange={(event) => setOtherId(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">No comparison</option>
          {choices.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {when(entry.createdAt)} · ATRP {formatMetric('atrp', entry.atrp)} · SoLV{' '}
              {formatMetric('solv', entry.solv)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Pager
        label="Earlier scan pages"
        page={page}
        pages={pages}
        onPage={setPage}
        className="mb-2"
      />
      {otherId !== null && other.isPending && <Loading what="the earlier scan" />}
      {other.isError && (
        <LoadError what="The earlier scan" error={other.error} onRetry={() => other.refetch()} />
      )}
      {otherId !== null && other.data && (
        <div className="row g-3" data-testid="compare-view">
          <p className="col-12 mb-0 small">
            <Link to={viewHref(other.data.id)}>Open the earlier scan on its own</Link>
          </p>
          <ScanColumn scan={scan} title={`This scan (${when(scan.createdAt)})`} idPrefix="this" />
          <ScanColumn
            scan={other.data}
            title={`Earlier scan (${when(other.data.createdAt)})`}
            idPrefix="earlier"
          />
        </div>
      )}
    </>
  );
}
