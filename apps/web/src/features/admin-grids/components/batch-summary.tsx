import type { BatchAtrpChange, BatchSummary } from '@pinpoint/contracts';
import Table from 'react-bootstrap/Table';
import { formatCents } from '../../../lib/format';
import { formatChange, formatDuration } from './format';

function ChangeTable({ label, rows }: { label: string; rows: BatchAtrpChange[] }) {
  if (rows.length === 0) return <p className="small text-body-secondary">{label}: none.</p>;
  return (
    <Table responsive size="sm" aria-label={label}>
      <caption className="caption-top">{label}</caption>
      <thead>
        <tr>
          <th scope="col">Client</th>
          <th scope="col">Keyword</th>
          <th scope="col" className="text-end">
            Before
          </th>
          <th scope="col" className="text-end">
            Now
          </th>
          <th scope="col" className="text-end">
            ATRP change
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.scanId}>
            <td>{row.companyName}</td>
            <td>{row.keyword}</td>
            <td className="text-end">{row.previousAtrp.toFixed(2)}</td>
            <td className="text-end">{row.atrp.toFixed(2)}</td>
            <td className="text-end">{formatChange(row.change)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A finished batch: what ran, what it cost, how ranks moved, and what was skipped. */
export function BatchSummaryView({ summary }: { summary: BatchSummary }) {
  const { scans, points } = summary;
  return (
    <div data-testid="batch-summary">
      <h3 className="h6">Summary</h3>
      <dl className="row mb-2">
        <dt className="col-6 col-md-3">Scans</dt>
        <dd className="col-6 col-md-3">
          {scans.done} done, {scans.failed} failed, {scans.skipped} skipped of {scans.total}
        </dd>
        <dt className="col-6 col-md-3">Points</dt>
        <dd className="col-6 col-md-3">
          {points.measured} measured, {points.errors} errors of {points.total} ({points.searches}{' '}
          searches)
        </dd>
        <dt className="col-6 col-md-3">Took</dt>
        <dd className="col-6 col-md-3">{formatDuration(summary.durationSeconds)}</dd>
        <dt className="col-6 col-md-3">Cost</dt>
        <dd className="col-6 col-md-3">
          {formatCents(summary.cost.searchesCents)} (estimated{' '}
          {formatCents(summary.cost.estimatedCents)})
        </dd>
        <dt className="col-6 col-md-3">Mean ATRP</dt>
        <dd className="col-6 col-md-3">{summary.meanAtrp?.toFixed(2) ?? '—'}</dd>
        <dt className="col-6 col-md-3">Mean SoLV</dt>
        <dd className="col-6 col-md-3">
          {summary.meanSolv === null ? '—' : `${summary.meanSolv.toFixed(1)} %`}
        </dd>
      </dl>
      <p className="small text-body-secondary">
        ATRP changes compare each scan with the previous scan of the same grid settings; a lower
        ATRP is better.
      </p>
      <ChangeTable label="Biggest ATRP gains" rows={summary.improvements} />
      <ChangeTable label="Biggest ATRP losses" rows={summary.declines} />
      {summary.skipped.length > 0 && (
        <>
          <h4 className="h6">Skipped</h4>
          <ul className="small">
            {summary.skipped.slice(0, 100).map((skip) => (
              <li key={skip.configId}>
                {skip.keyword ?? `Config ${skip.configId}`}: {skip.reason}
              </li>
            ))}
          </ul>
          {summary.skipped.length > 100 && (
            <p className="small text-body-secondary">And {summary.skipped.length - 100} more.</p>
          )}
        </>
      )}
    </div>
  );
}
